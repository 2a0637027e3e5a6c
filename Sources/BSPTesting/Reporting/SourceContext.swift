public import Testing

/// Where a test helper was called from, in the forms both Swift Testing and XCTest need.
///
/// Helpers take the caller's location as defaulted parameters and pass it along, so failures
/// point at the line of the test, not at the helper.
public struct SourceContext: Sendable {
    /// The file's ID, such as `MyAppTests/LoginTests.swift`.
    public let fileID: String
    /// The file's path, for XCTest.
    public let filePath: StaticString
    /// The line.
    public let line: UInt
    /// The column.
    public let column: UInt

    /// Captures a location; call it with the caller's `#fileID`, `#filePath`, `#line` and
    /// `#column`.
    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The location as Swift Testing's `SourceLocation`.
    public var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
