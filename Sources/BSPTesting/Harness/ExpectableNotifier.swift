public import BSPCore

/// A notifier or a port that a typed expectation can name: its URI, and the type of what it
/// carries, so that the compiler checks the expected notification.
///
/// Every notifier and port of BSPCore is one.
public protocol ExpectableNotifier {
    /// What the notifier carries: an event, or a request.
    associatedtype Notification
    /// The notifier's URI.
    var uri: NotifierURI { get }
}

extension EventNotifier: ExpectableNotifier {
    /// An event notifier carries events.
    public typealias Notification = Event
}

extension EventPort: ExpectableNotifier {
    /// An event port carries events.
    public typealias Notification = Event
}

extension QueuedNotifier: ExpectableNotifier {}

extension RequestNotifier: ExpectableNotifier {
    /// A request notifier carries requests.
    public typealias Notification = Request
}

extension RequestPort: ExpectableNotifier {
    /// A request port carries requests.
    public typealias Notification = Request
}

extension AsyncRequestNotifier: ExpectableNotifier {
    /// An asynchronous request notifier carries requests.
    public typealias Notification = Request
}

extension AsyncRequestPort: ExpectableNotifier {
    /// An asynchronous request port carries requests.
    public typealias Notification = Request
}
