public import Hummingbird

/// What a request carries besides itself: the port it came in on, which the `Host` and
/// `Origin` of a request for this inspector must name.
public struct InspectorContext: RequestContext {
    /// Hummingbird's own state of the request.
    public var coreContext: CoreRequestContextStorage
    /// The port the server listens on.
    public let port: Int?

    /// The context of a request that came in on `source`'s connection.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        port = source.channel.localAddress?.port
    }
}
