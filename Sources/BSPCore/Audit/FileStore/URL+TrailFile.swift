import Foundation

extension URL {
    /// The URL of a trail's file at `path`, which errors name: made without asking the file
    /// system whether it is a folder, which would overwrite `errno` before the error reads it.
    init(trailFile path: String) {
        self.init(fileURLWithPath: path, isDirectory: false)
    }

    /// How an error names the file: its path, or the whole URL if it is not a file's.
    var nameInErrors: String {
        isFileURL ? path : absoluteString
    }
}
