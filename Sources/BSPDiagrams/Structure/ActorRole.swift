public import BSPCore

/// Which of BSP's three top-level actors an actor belongs to, read from its URI:
/// `/actor/service/location` is part of the Service, `/actor/presentation/scope/login` of the
/// Presentation.
public enum ActorRole: String, Hashable, Sendable, CaseIterable {
    /// The app's logic.
    case behaviour
    /// The thin interface to OS and network services.
    case service
    /// The thin interface to the UI.
    case presentation

    /// The role of `actor`: the segment after `actor` in `/actor/<role>/…`, or `nil` for a URI
    /// of another shape.
    public init?(of actor: ActorURI) {
        let segments = actor.segments
        guard segments.count >= 2, segments[0] == "actor" else { return nil }
        self.init(rawValue: String(segments[1]))
    }
}
