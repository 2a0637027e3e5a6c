/// A store that hands every record to several stores, in order.
///
/// ```swift
/// let recent = InMemoryAuditStore(capacity: 500)
/// let store = TeeAuditStore(recent, LoggingAuditStore())
/// ```
public struct TeeAuditStore: AuditStore {
    /// The stores that receive each record, in the order they receive it.
    public let stores: [any AuditStore]

    /// Creates a tee to `stores`.
    public init(_ stores: [any AuditStore]) {
        self.stores = stores
    }

    /// Creates a tee to `stores`.
    public init(_ stores: any AuditStore...) {
        self.init(stores)
    }

    /// Whether any of the stores records.
    public var isRecording: Bool {
        stores.contains { $0.isRecording }
    }

    /// Hands the reply to each recording store.
    public func record(reply: RecordedValue, toRequest sequence: UInt64) {
        for store in stores where store.isRecording {
            store.record(reply: reply, toRequest: sequence)
        }
    }

    /// Hands the record to each recording store.
    public func record(_ record: consuming AuditRecord) {
        for store in stores where store.isRecording {
            store.record(copy record)
        }
    }
}
