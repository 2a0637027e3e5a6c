/// Whether a notifier is an actor's input or its output.
public enum NotifierVariety: String, Hashable, Sendable, Codable, CaseIterable {
    /// An input: a notification asks the owning actor to do something.
    case request
    /// An output: a notification tells observers that something happened.
    case event
}
