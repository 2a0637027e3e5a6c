/// A notification that could not be delivered as sent.
///
/// A request that expects a reply throws these errors to its caller. Every other failure is
/// reported to the ``AuditContext``'s fault handler (and recorded in the audit trail when
/// auditing is on), so nothing is dropped silently.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum NotifierError: Error, Hashable, Sendable {
    /// No live handler was installed on the request notifier.
    case unhandledRequest(NotifierURI)

    /// A handler is already installed on the request notifier; a request has one handler.
    case handlerAlreadyInstalled(NotifierURI)

    /// The request was sent to a notifier of a scope that has terminated (it was popped or
    /// suspended). The scope's URI is named; the request was not delivered.
    case scopeTerminated(NotifierURI, scope: ActorURI)

    /// A queued notifier's buffer was full, so a notification was dropped by its buffering
    /// policy (the audit trail names which).
    case bufferFull(NotifierURI)

    /// A queued notifier's consumer has finished, so the notification was not delivered.
    case consumerFinished(NotifierURI)

    /// The caller's task was cancelled, so the asynchronous request's reply was not used.
    case cancelled(NotifierURI)

    /// `count` notifications were still waiting in a queued notifier when its consumer stopped
    /// or the notifier was released: none of them was delivered.
    case abandoned(NotifierURI, count: Int)

    /// A queued notifier was made with a buffer of `size` (zero or less), which could keep no
    /// notification: it keeps one.
    case invalidBufferSize(NotifierURI, size: Int)

    /// `observe(by:)` or `handle(by:)` was given a value boxed as an object
    /// (`value as AnyObject`), which goes as soon as the call returns, so the observation or
    /// handler was not installed.
    case ownerIsNotAnObject(NotifierURI)

    /// Handlers kept sending on the notifier from inside its own delivery past `limit` — or, for
    /// a ``QueuedNotifier``, a chain of `limit` notifications each caused by the last — so the
    /// cycle was cut instead of running forever or overflowing the stack.
    case runawayCycle(NotifierURI, limit: Int)

    /// Notifications nested so deep on one thread — a cycle through many notifiers — that the
    /// thread's stack was nearly exhausted, so the one on this notifier was dropped instead of
    /// overflowing the stack.
    case nestedTooDeep(NotifierURI)

    /// The URI of the notifier involved.
    public var uri: NotifierURI {
        switch self {
        case .unhandledRequest(let uri), .handlerAlreadyInstalled(let uri), .runawayCycle(let uri, _),
            .nestedTooDeep(let uri),
            .scopeTerminated(let uri, _), .bufferFull(let uri), .consumerFinished(let uri), .cancelled(let uri),
            .ownerIsNotAnObject(let uri), .invalidBufferSize(let uri, _),
            .abandoned(let uri, _):
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
        case .handlerAlreadyInstalled(let uri):
            "Request notifier '\(uri)' already has a handler; a request notifier has exactly one."
        case .scopeTerminated(let uri, let scope):
            "Request notifier '\(uri)' belongs to scope '\(scope)', which has terminated: the request was not delivered."
        case .bufferFull(let uri):
            "Queued notifier '\(uri)' was full: its buffering policy dropped a notification."
        case .consumerFinished(let uri):
            "Queued notifier '\(uri)' has no consumer any more: the notification was not delivered."
        case .cancelled(let uri):
            "The request on '\(uri)' was cancelled by its caller."
        case .abandoned(let uri, let count):
            "Queued notifier '\(uri)' lost \(count) notification\(count == 1 ? "" : "s") still waiting when its consumer "
                + "stopped or the notifier was released: none was delivered."
        case .invalidBufferSize(let uri, let size):
            "Queued notifier '\(uri)' was made with a buffer of \(size), which could keep no notification; it "
                + "keeps one. Give it a size of 1 or more."
        case .ownerIsNotAnObject(let uri):
            "'\(uri)' was given a value boxed `as AnyObject` to observe or handle by; the box goes when the call "
                + "returns, so nothing was installed. Pass the actor (a class instance) that observes or handles."
        case .runawayCycle(let uri, let limit):
            "Runaway cycle on '\(uri)': handlers sent on it again more than \(limit) times, each "
                + "caused by the last; the rest were dropped."
        case .nestedTooDeep(let uri):
            "Cycle through '\(uri)': notifications nested so deep on one thread that its stack was nearly "
                + "exhausted, so this one was dropped instead of overflowing the stack."
        }
    }
}
