/// An actor of the BSP fabric: something with an identity that receives requests on its
/// request notifiers and reports what happened on its event notifiers.
///
/// The three top-level actors of an app are its *Behaviour* (the logic), its *Service* (the thin
/// interface to OS and network services) and its *Presentation* (the thin interface to the UI).
/// Each is a class that conforms to `BSPActor` and owns its notifiers:
///
/// ```swift
/// final class LocationService: BSPActor {
///     let uri: ActorURI = "/actor/service"
///     let requests = RequestNotifier<ServiceRequest, Void>(of: "/actor/service")
///     let events = EventNotifier<ServiceEvent>(of: "/actor/service")
///
///     init() throws {
///         try requests.handle(by: self) { service, request in service.perform(request) }
///     }
/// }
/// ```
///
/// The protocol is named `BSPActor` rather than `Actor` so that it never shadows Swift's own
/// `Actor` protocol in a module that imports BSPCore.
public protocol BSPActor: AnyObject {
    /// The actor's identity in the fabric, such as `/actor/service`. It must not change.
    var uri: ActorURI { get }
}
