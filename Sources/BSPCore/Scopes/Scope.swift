/// An actor with a lifecycle — initiate, operate, terminate — that lives on a ``ScopeStack``.
///
/// A scope is pushed onto a stack, ``activate()`` runs, the scope operates, and
/// ``deactivate()`` runs just before it is popped. What the scope owns — bound to it explicitly,
/// see ``ScopeLifecycle`` — ends when it deactivates:
///
/// ```swift
/// final class WebURLScope: Scope {
///     let uri: ActorURI = "/actor/behaviour/scope/web-url"
///     let lifecycle = ScopeLifecycle()
///     let companion: (any Scope)? = WebURLPresentationScope()
///     let service: LocationService.Ports
///
///     func activate() {
///         service.events.observe(by: self) { scope, event in scope.show(event) }  // ends on deactivation
///         lifecycle.own(Task { await WebURLScope.prefetch() })  // cancelled on deactivation
///     }
/// }
/// ```
///
/// A `@MainActor` class conforms with an isolated conformance, `@MainActor Scope`, and is
/// pushed and popped from the main actor like any other scope.
///
/// If your scopes share a base class, implement every requirement your subclasses override in
/// the base class itself: otherwise the defaults below are the base class's witnesses, and
/// the subclasses' methods are never called through `Scope`.
///
/// A behaviour scope may have a presentation ``companion``: the stack pushes it onto its
/// companion stack when the scope is pushed, before ``activate()``, and pops it before
/// ``deactivate()``.
public protocol Scope: BSPActor {
    /// The scope's state and the work it owns. Give each scope its own:
    /// `let lifecycle = ScopeLifecycle()`.
    var lifecycle: ScopeLifecycle { get }

    /// The presentation scope that shows this scope's views, if any. The default is `nil`.
    var companion: (any Scope)? { get }

    /// Called after the scope is pushed (and its companion with it). The default does nothing.
    func activate()

    /// Called just before the scope is popped (after its companion). The default does nothing.
    func deactivate()

    /// What the scope hands back when it is popped, read after ``deactivate()``. The default
    /// is `nil`.
    var result: (any Sendable)? { get }

    /// Scrubs the scope's data and returns a record of where it was, so that ``resume(from:)``
    /// can bring it back. Called on suspension, before the scope is popped. The default
    /// records only the scope's URI.
    func suspend() -> ScopeRecord

    /// Decides, once the scope has been pushed again from `record`, whether resumption goes
    /// on to the scopes above it. The default proceeds.
    func resume(from record: ScopeRecord) -> ResumeDecision
}

extension Scope {
    /// The lifetime the scope's lifecycle holds.
    public var lifetime: ActorLifetime { lifecycle.lifetime }

    /// No companion.
    public var companion: (any Scope)? { nil }

    /// Does nothing.
    public func activate() {}

    /// Does nothing.
    public func deactivate() {}

    /// No result.
    public var result: (any Sendable)? { nil }

    /// Records only the scope's URI.
    public func suspend() -> ScopeRecord {
        ScopeRecord(scope: uri)
    }

    /// Proceeds.
    public func resume(from record: ScopeRecord) -> ResumeDecision {
        .proceed
    }
}

/// A scope that presents a view: the top presentation scope's view is what the UI shows.
///
/// The view's type is yours: a SwiftUI `AnyView`, a UIKit view controller, or text.
public protocol PresentationScope: Scope {
    /// The type of the view the scope presents.
    associatedtype View

    /// The view to show while this scope is on top of its stack.
    var view: View { get }
}
