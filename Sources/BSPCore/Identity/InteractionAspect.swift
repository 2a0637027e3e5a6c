/// How a notifier's notifications travel: synchronously or asynchronously, and with or without
/// a reply. BSP's two interaction aspects, one value per notifier, kept in every record.
///
/// | | single-way | bi-way |
/// | --- | --- | --- |
/// | **synchronous** | ``EventNotifier``, ``RequestNotifier`` with a `Void` reply | ``RequestNotifier`` with a reply |
/// | **asynchronous** | ``QueuedNotifier`` | ``AsyncRequestNotifier`` (with a `Void` reply: single-way) |
///
/// A reply is what a request hands back to its sender; a request whose reply is `Void` only
/// says that it ran, and is single-way.
public struct InteractionAspect: Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// When the receiver gets the notification.
    public enum Timing: String, Hashable, Sendable, Codable, CaseIterable {
        /// Before the send returns: the receiver runs inside the sender's call.
        case synchronous
        /// Later, in the receiver's own time: queued, or awaited in another task.
        case asynchronous
    }

    /// Whether anything comes back.
    public enum Way: String, Hashable, Sendable, Codable, CaseIterable {
        /// A push, and nothing comes back.
        case singleWay = "single-way"
        /// A push followed by a reply from the receiver to the sender.
        case biWay = "bi-way"
    }

    /// When the receiver gets the notification.
    public var timing: Timing
    /// Whether a reply comes back.
    public var way: Way

    /// An aspect of this timing and way.
    public init(_ timing: Timing, _ way: Way) {
        self.timing = timing
        self.way = way
    }

    /// A push that returns once every receiver has run: events, and requests without a reply.
    public static let synchronousSingleWay = InteractionAspect(.synchronous, .singleWay)
    /// A request whose reply comes back before the send returns.
    public static let synchronousBiWay = InteractionAspect(.synchronous, .biWay)
    /// A push a consumer receives later: a ``QueuedNotifier``'s.
    public static let asynchronousSingleWay = InteractionAspect(.asynchronous, .singleWay)
    /// A request whose sender awaits the reply: an ``AsyncRequestNotifier``'s.
    public static let asynchronousBiWay = InteractionAspect(.asynchronous, .biWay)

    /// The four aspects, synchronous first.
    public static let allCases: [InteractionAspect] = [
        .synchronousSingleWay, .synchronousBiWay, .asynchronousSingleWay, .asynchronousBiWay,
    ]

    /// The aspect of a request whose reply is of type `reply`: bi-way unless the reply is `Void`.
    static func request<Reply>(_ timing: Timing, replying reply: Reply.Type) -> InteractionAspect {
        InteractionAspect(timing, reply == Void.self ? .singleWay : .biWay)
    }

    /// The aspect in words: `synchronous single-way`.
    public var description: String {
        "\(timing.rawValue) \(way.rawValue)"
    }
}
