/// The default store: keeps nothing, and tells notifiers not to audit at all.
public struct NoOpAuditStore: AuditStore {
    /// Creates the store.
    public init() {}

    /// Always `false`: with this store, notifications are neither rendered nor recorded.
    public var isRecording: Bool { false }

    /// Discards the record.
    public func record(_ record: AuditRecord) {}
}
