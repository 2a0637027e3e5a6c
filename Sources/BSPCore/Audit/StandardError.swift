import Foundation

/// Writes to the process's standard error, for faults nobody else was told of.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
