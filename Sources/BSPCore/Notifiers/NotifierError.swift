/// Why a request, or a queue's consumer, failed: what the caller of `send` or `consume` meets.
///
/// Thrown by ``RequestNotifier/send(_:)->Reply``, ``AsyncRequestNotifier/send(_:)`` (and their
/// ports) and ``QueuedNotifier/consume(by:isolation:_:)``. The same failures, met where no
/// caller is told — an event's emit, ``RequestNotifier/sendIgnoringReply(_:)`` — go to the
/// ``AuditContext``'s fault handler, with the failures only a fault handler sees
/// (``NotifierFault``), and are recorded in the audit trail when auditing is on: nothing is
/// dropped silently.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum NotifierError: Error, Hashable, Sendable {
    /// No live handler was installed on the request notifier.
    case unhandledRequest(NotifierURI)

    /// The request was sent to a notifier of a scope that has terminated (it was popped or
    /// suspended). The scope's URI is named; the request was not delivered.
    case scopeTerminated(NotifierURI, scope: ActorURI)

    /// The caller's task was cancelled, so the asynchronous request's reply was not used.
    case cancelled(NotifierURI)

    /// Handlers kept sending on the notifier from inside its own delivery past `limit` — or, for
    /// a ``QueuedNotifier``, a chain of `limit` notifications each caused by the last — so the
    /// cycle was cut instead of running forever or overflowing the stack.
    case runawayCycle(NotifierURI, limit: Int)

    /// Notifications nested so deep on one thread — a cycle through many notifiers — that the
    /// thread's stack was nearly exhausted, so the one on this notifier was dropped instead of
    /// overflowing the stack.
    case nestedTooDeep(NotifierURI)

    /// The queued notifier has been consumed already: a queue has one consumer, for its life.
    case alreadyConsumed(NotifierURI)

    /// The URI of the notifier involved.
    public var uri: NotifierURI {
        switch self {
        case .unhandledRequest(let uri), .scopeTerminated(let uri, _), .cancelled(let uri),
            .runawayCycle(let uri, _), .nestedTooDeep(let uri), .alreadyConsumed(let uri):
            uri
        }
    }
}

extension NotifierError: CustomStringConvertible {
    /// A sentence naming the notifier's URI.
    public var description: String {
        switch self {
        case .unhandledRequest(let uri):
            "No handler for request notifier '\(uri)': the request was not delivered."
        case .scopeTerminated(let uri, let scope):
            "Request notifier '\(uri)' belongs to scope '\(scope)', which has terminated: the request was not delivered."
        case .cancelled(let uri):
            "The request on '\(uri)' was cancelled by its caller."
        case .runawayCycle(let uri, let limit):
            "Runaway cycle on '\(uri)': handlers sent on it again more than \(limit) times, each "
                + "caused by the last; the rest were dropped."
        case .nestedTooDeep(let uri):
            "Cycle through '\(uri)': notifications nested so deep on one thread that its stack was nearly "
                + "exhausted, so this one was dropped instead of overflowing the stack."
        case .alreadyConsumed(let uri):
            "Queued notifier '\(uri)' has been consumed already: a queue has one consumer."
        }
    }
}
