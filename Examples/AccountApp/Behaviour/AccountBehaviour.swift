import BSPCore

/// The Behaviour actor: the app's logic, as a stack of scopes married to the presentation
/// stack, starting from the hosting scope.
final class AccountBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    let stack: ScopeStack
    /// The Behaviour's own meta-events.
    let meta = EventNotifier<MetaEvent>(of: AccountBehaviour.uri, named: "meta")
    private let service: PortalPorts
    private let accountOrder: AccountOrder

    init(service: PortalPorts, presentationStack: ScopeStack, accountOrder: AccountOrder = .asReported) {
        self.service = service
        self.accountOrder = accountOrder
        self.stack = ScopeStack(uri: "/actor/behaviour/stack", companions: presentationStack)
    }

    /// Starts the app: the hosting scope, which cascades up to the login screen.
    func start() throws {
        try stack.push(
            HostingScope(
                context: BehaviourContext(service: service, stack: stack, meta: meta, accountOrder: accountOrder)))
    }
}
