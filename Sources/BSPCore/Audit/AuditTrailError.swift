/// A trail that could not be read.
public enum AuditTrailError: Error, Hashable, Sendable {
    /// Line `line` (counted from 1) is not a valid audit record.
    case malformedLine(Int, reason: String)
    /// The file at this path could not be read as UTF-8 text.
    case unreadableFile(String, reason: String)
}

extension AuditTrailError: CustomStringConvertible {
    /// A sentence naming the line or file.
    public var description: String {
        switch self {
        case .malformedLine(let line, let reason):
            "Line \(line) of the audit trail is not a valid record: \(reason)."
        case .unreadableFile(let path, let reason):
            "Cannot read the audit trail at '\(path)': \(reason)."
        }
    }
}
