public import Foundation

/// What went wrong with the files of a ``FileAuditStore``; each case names the file.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum FileAuditStoreError: Error, Hashable, Sendable {
    /// The trail's file could not be created or opened: a missing folder, no permission.
    case cannotOpen(URL, reason: String)
    /// Records could not be written: a full disk, a removed folder. The records of that write
    /// are lost; the store goes on with the next.
    case cannotWrite(URL, reason: String)
    /// A full file could not be rotated: the store goes on writing to the current file.
    case cannotRotate(URL, reason: String)
    /// The writer fell behind: `count` records, or replies to requests, were dropped rather than
    /// make a send wait.
    case recordsDropped(URL, count: Int)
    /// Another store, in this process or another, is writing the trail at this path.
    case inUse(URL)
    /// The store was given settings it cannot keep, such as a file count of zero; `reason`
    /// says which and what is allowed.
    case invalidSettings(URL, reason: String)
}

extension FileAuditStoreError: CustomStringConvertible {
    /// A sentence naming the file.
    public var description: String {
        switch self {
        case .cannotOpen(let file, let reason):
            "Cannot open the audit trail file '\(file.nameInErrors)': \(reason)."
        case .cannotWrite(let file, let reason):
            "Cannot write to the audit trail file '\(file.nameInErrors)': \(reason)."
        case .cannotRotate(let file, let reason):
            "Cannot rotate the audit trail file '\(file.nameInErrors)': \(reason)."
        case .recordsDropped(let file, let count):
            "The writer of '\(file.nameInErrors)' fell behind: \(count) records or replies were dropped."
        case .inUse(let file):
            "The audit trail file '\(file.nameInErrors)' is being written by another store; a trail has one store at a time."
        case .invalidSettings(let file, let reason):
            "The audit trail file '\(file.nameInErrors)' cannot be kept with these settings: \(reason)."
        }
    }
}
