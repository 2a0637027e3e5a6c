import BSPCore

/// What every behaviour scope works with: the portal service's notifiers, the behaviour stack,
/// and the Behaviour's meta-events.
struct BehaviourContext {
    let service: PortalPorts
    /// Unowned: the stack owns the scopes that hold this context, so owning it back would be a
    /// cycle that keeps every scope still on the stack alive after the app is gone.
    unowned let stack: ScopeStack
    let meta: EventNotifier<MetaEvent>
    /// How the accounts screen lists accounts.
    let accountOrder: AccountOrder
}

/// How the accounts screen lists a user's accounts: a bank chooses.
enum AccountOrder {
    /// In the order the portal reports them.
    case asReported
    /// Largest balance first.
    case byBalance

    /// `accounts`, in this order.
    func arrange(_ accounts: [Account]) -> [Account] {
        switch self {
        case .asReported: accounts
        case .byBalance: accounts.sorted { $0.balanceCents > $1.balanceCents }
        }
    }
}

/// Events the Behaviour makes for itself, aggregating what several scopes may ask for.
enum MetaEvent: Equatable, Codable {
    /// A view asked to log out; the portal session scope handles it.
    case logOutRequested
}
