import BSPCore

/// What every behaviour scope works with: the portal service's notifiers, the behaviour stack,
/// and the Behaviour's meta-events.
struct BehaviourContext {
    let service: PortalPorts
    /// Unowned: the stack owns the scopes that hold this context, so owning it back would be a
    /// cycle that keeps every scope still on the stack alive after the app is gone.
    unowned let stack: ScopeStack
    let meta: EventNotifier<MetaEvent>
}

/// Events the Behaviour makes for itself, aggregating what several scopes may ask for.
enum MetaEvent: Equatable {
    /// A view asked to log out; the portal session scope handles it.
    case logOutRequested
}
