/// An actor of the BSP fabric: something with an identity that receives requests on its
/// request notifiers and reports what happened on its event notifiers.
///
/// Most actors fix their URI on their type and conform to ``UniqueActor``. Conform to
/// `BSPActor` directly when the URI is chosen at run time, as a stand-in or a scope per item
/// does, and hand the URI to the notifiers:
///
/// ```swift
/// final class ItemScope: Scope {
///     let uri: ActorURI
///     let lifecycle = ScopeLifecycle()   // a scope's lifecycle holds its lifetime
///     let requests: RequestNotifier<ItemRequest, Void>
///
///     init(uri: ActorURI) {
///         self.uri = uri
///         requests = RequestNotifier(of: uri)
///         requests.handle(by: self) { scope, request in scope.perform(request) }
///     }
/// }
/// ```
///
/// The protocol is named `BSPActor` rather than `Actor` so that it never shadows Swift's own
/// `Actor` protocol in a module that imports BSPCore.
public protocol BSPActor: AnyObject {
    /// The actor's identity in the fabric, such as `/actor/service`. It must not change.
    var uri: ActorURI { get }

    /// What the handlers the actor installs and the observations it makes last as long as.
    /// Give each actor its own, stored for its whole life: `let lifetime = ActorLifetime()`.
    /// A lifetime made anew each time it is read, or replaced, is not the actor's: the
    /// handlers it was given stay until the notifier notices the actor has gone, as those of
    /// an owner with no lifetime do.
    var lifetime: ActorLifetime { get }
}

/// An actor whose type fixes its URI: the app's Behaviour, Service and Presentation, and
/// scopes of which a stack holds one at a time.
///
/// The URI is written once, on the type, and the actor's notifiers take theirs from it:
///
/// ```swift
/// final class LocationService: UniqueActor {
///     static let uri: ActorURI = "/actor/service"
///     let lifetime = ActorLifetime()
///     let requests = RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)
///     let events = EventNotifier<ServiceEvent>(of: LocationService.uri)
/// }
/// ```
public protocol UniqueActor: BSPActor {
    /// The URI of every instance of the type.
    static var uri: ActorURI { get }
}

extension UniqueActor {
    /// The type's URI.
    public var uri: ActorURI { Self.uri }
}
