/// Where audit records go.
///
/// A store receives each record once, on the thread that sent the notification, so it must be
/// safe to call from any thread. Write your own to forward records elsewhere; for example to
/// swift-log, so a running app's notifications land in its logs:
///
/// ```swift
/// import Logging
///
/// struct LoggingAuditStore: AuditStore {
///     let logger = Logger(label: "app.bsp")
///     func record(_ record: AuditRecord) {
///         logger.debug("\(record)")
///     }
/// }
/// ```
///
/// or to OSLog, with `Logger(subsystem:category:)` and `logger.debug("\(record.description)")`.
public protocol AuditStore: Sendable {
    /// Whether the store keeps anything. When it is `false`, notifiers skip auditing entirely:
    /// nothing is rendered and nothing is allocated.
    var isRecording: Bool { get }

    /// Keeps one record.
    ///
    /// The record is handed over, so a store that keeps it moves it rather than copying it;
    /// an implementation may still declare the parameter without `consuming`.
    func record(_ record: consuming AuditRecord)

    /// Keeps `reply`, the reply to the bi-way request recorded as `sequence`, which its
    /// handler has just returned. The records of whatever the handler sent came first. By
    /// default a store discards replies.
    func record(reply: RecordedValue, toRequest sequence: UInt64)
}

extension AuditStore {
    /// Discards the reply: a store that keeps replies implements
    /// ``record(reply:toRequest:)``.
    public func record(reply: RecordedValue, toRequest sequence: UInt64) {}

    /// A store records by default; only a store that discards everything says otherwise.
    public var isRecording: Bool { true }
}
