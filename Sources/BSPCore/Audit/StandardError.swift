import Foundation

/// Writes to the process's standard error, for faults nobody else was told of.
@_spi(Inspection) public enum StandardError {
    @_spi(Inspection) public static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
