import Foundation

/// Writes to the process's standard error.
enum StandardErrorStream {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
