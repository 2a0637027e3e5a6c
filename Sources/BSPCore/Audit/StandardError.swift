import Foundation

/// Writes to the process's standard error, for faults nobody else was told of.
package enum StandardError {
    package static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
