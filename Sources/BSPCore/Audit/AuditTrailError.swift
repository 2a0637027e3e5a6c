/// A trail that could not be read.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum AuditTrailError: Error, Hashable, Sendable {
    /// Line `line` (counted from 1) is not a valid audit record.
    case malformedLine(Int, reason: String)
    /// Line `line` is a valid record that cannot belong to a run: it names itself, a later
    /// record or a missing one as its cause, repeats a sequence number, or has a negative depth.
    case inconsistentLine(Int, reason: String)
    /// The file at this path could not be read as UTF-8 text.
    case unreadableFile(String, reason: String)
    /// The error is in the file at this path, one of a trail kept in several files.
    indirect case inFile(String, AuditTrailError)
}

extension AuditTrailError: CustomStringConvertible {
    /// A sentence naming the line or file.
    public var description: String {
        switch self {
        case .malformedLine(let line, let reason):
            "Line \(line) of the audit trail is not a valid record: \(reason)."
        case .inconsistentLine(let line, let reason):
            "Line \(line) of the audit trail cannot be part of a run: \(reason)."
        case .unreadableFile(let path, let reason):
            "Cannot read the audit trail at '\(path)': \(reason)."
        case .inFile(let path, let error):
            "In '\(path)': \(error)"
        }
    }
}
