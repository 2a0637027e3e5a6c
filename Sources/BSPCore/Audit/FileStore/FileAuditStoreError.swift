/// What went wrong with the files of a ``FileAuditStore``; each case names the path.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum FileAuditStoreError: Error, Hashable, Sendable {
    /// The trail's file could not be created or opened: a missing folder, no permission.
    case cannotOpen(String, reason: String)
    /// Records could not be written: a full disk, a removed folder. The records of that write
    /// are lost; the store goes on with the next.
    case cannotWrite(String, reason: String)
    /// A full file could not be rotated: the store goes on writing to the current file.
    case cannotRotate(String, reason: String)
    /// The writer fell behind: `count` records, or replies to requests, were dropped rather than
    /// make a send wait.
    case recordsDropped(String, count: Int)
    /// Another store, in this process or another, is writing the trail at this path.
    case inUse(String)
    /// The store was given settings it cannot keep, such as a file count of zero; `reason`
    /// says which and what is allowed.
    case invalidSettings(String, reason: String)
}

extension FileAuditStoreError: CustomStringConvertible {
    /// A sentence naming the path.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "Cannot open the audit trail file '\(path)': \(reason)."
        case .cannotWrite(let path, let reason):
            "Cannot write to the audit trail file '\(path)': \(reason)."
        case .cannotRotate(let path, let reason):
            "Cannot rotate the audit trail file '\(path)': \(reason)."
        case .recordsDropped(let path, let count):
            "The writer of '\(path)' fell behind: \(count) records or replies were dropped."
        case .inUse(let path):
            "The audit trail file '\(path)' is being written by another store; a trail has one store at a time."
        case .invalidSettings(let path, let reason):
            "The audit trail file '\(path)' cannot be kept with these settings: \(reason)."
        }
    }
}
