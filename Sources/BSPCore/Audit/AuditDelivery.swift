/// What became of a notification.
public enum AuditDelivery: String, Hashable, Sendable, Codable, CaseIterable {
    /// It reached the request's handler or at least one of the event's observers.
    case delivered
    /// An event sent while nobody observed its notifier. Not a fault: events are reports.
    case unobserved
    /// A request sent while its notifier had no live handler.
    case undelivered
    /// It was queued for a consumer that receives it asynchronously (see ``QueuedNotifier``).
    case queued
    /// It was discarded: to cut a runaway cycle (see ``NotifierError/runawayCycle(_:limit:)``),
    /// or by a full queue's buffering policy (see ``NotifierFault/bufferFull(_:)``).
    case dropped
}
