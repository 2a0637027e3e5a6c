/// A failure no caller is told of, reported to the ``AuditContext``'s fault handler (and
/// recorded in the audit trail when auditing is on): a handler refused, a queue's notification
/// dropped by its buffering policy or left undelivered.
///
/// None of these is thrown: the calls that meet them — ``RequestNotifier/handle(by:_:)``, a
/// queue's `send` from any thread — return nothing a caller could act on, so that installing a
/// handler needs no `try` and a Service's callback from the OS never fails. What a caller can
/// meet is a ``NotifierError``.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum NotifierFault: Error, Hashable, Sendable {
    /// A handler is already installed on the request notifier; a request has one handler. The
    /// new one was not installed.
    case handlerAlreadyInstalled(NotifierURI)

    /// A handler was installed on a notifier of a scope that has terminated: it was not
    /// installed.
    case scopeTerminated(NotifierURI, scope: ActorURI)

    /// `observe(by:)` or `handle(by:)` was given a value boxed as an object
    /// (`value as AnyObject`), which goes as soon as the call returns, so the observation or
    /// handler was not installed.
    case ownerIsNotAnObject(NotifierURI)

    /// A queued notifier's buffer was full, so a notification was dropped by its buffering
    /// policy (the audit trail names which).
    case bufferFull(NotifierURI)

    /// A queued notifier's consumer has finished, so the notification was not delivered.
    case consumerFinished(NotifierURI)

    /// `count` notifications were still waiting in a queued notifier when its consumer stopped
    /// or the notifier was released: none of them was delivered.
    case abandoned(NotifierURI, count: Int)

    /// A queued notifier was made with a buffer of `size` (zero or less), which could keep no
    /// notification: it keeps one.
    case invalidBufferSize(NotifierURI, size: Int)

    /// The URI of the notifier involved.
    public var uri: NotifierURI {
        switch self {
        case .handlerAlreadyInstalled(let uri), .scopeTerminated(let uri, _), .ownerIsNotAnObject(let uri),
            .bufferFull(let uri), .consumerFinished(let uri), .abandoned(let uri, _), .invalidBufferSize(let uri, _):
            uri
        }
    }
}

extension NotifierFault: CustomStringConvertible {
    /// A sentence naming the notifier's URI.
    public var description: String {
        switch self {
        case .handlerAlreadyInstalled(let uri):
            "Request notifier '\(uri)' already has a handler; a request notifier has exactly one."
        case .scopeTerminated(let uri, let scope):
            "Notifier '\(uri)' belongs to scope '\(scope)', which has terminated: the handler was not installed."
        case .ownerIsNotAnObject(let uri):
            "'\(uri)' was given a value boxed `as AnyObject` to observe or handle by; the box goes when the call "
                + "returns, so nothing was installed. Pass the actor (a class instance) that observes or handles."
        case .bufferFull(let uri):
            "Queued notifier '\(uri)' was full: its buffering policy dropped a notification."
        case .consumerFinished(let uri):
            "Queued notifier '\(uri)' has no consumer any more: the notification was not delivered."
        case .abandoned(let uri, let count):
            "Queued notifier '\(uri)' lost \(count) notification\(count == 1 ? "" : "s") still waiting when its consumer "
                + "stopped or the notifier was released: none was delivered."
        case .invalidBufferSize(let uri, let size):
            "Queued notifier '\(uri)' was made with a buffer of \(size), which could keep no notification; it "
                + "keeps one. Give it a size of 1 or more."
        }
    }
}
