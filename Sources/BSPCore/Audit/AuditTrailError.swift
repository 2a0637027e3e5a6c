public import Foundation

/// A trail that could not be read, or written.
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
    /// The file could not be read as UTF-8 text.
    case unreadableFile(URL, reason: String)
    /// The trail could not be written to the file: a missing folder, no permission, a full disk.
    case cannotWrite(URL, reason: String)
    /// The error is in this file, one of a trail kept in several files.
    indirect case inFile(URL, AuditTrailError)
}

extension AuditTrailError: CustomStringConvertible {
    /// A sentence naming the line or file.
    public var description: String {
        switch self {
        case .malformedLine(let line, let reason):
            "Line \(line) of the audit trail is not a valid record: \(reason)."
        case .inconsistentLine(let line, let reason):
            "Line \(line) of the audit trail cannot be part of a run: \(reason)."
        case .unreadableFile(let file, let reason):
            "Cannot read the audit trail at '\(file.nameInErrors)': \(reason)."
        case .cannotWrite(let file, let reason):
            "Cannot write the audit trail to '\(file.nameInErrors)': \(reason)."
        case .inFile(let file, let error):
            "In '\(file.nameInErrors)': \(error)"
        }
    }
}
