import BSPCore

/// The Presentation actor: a terminal UI. It shows the top presentation scope's view as text
/// and hands typed commands to that view, which turns them into intents.
final class TerminalPresentation: UniqueActor {
    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    /// The presentation stack: the behaviour scopes' view companions.
    let stack = ScopeStack(uri: "/actor/presentation/stack")

    /// What the terminal shows now.
    var screen: String {
        stack.topView(as: String.self) ?? "(nothing to show)"
    }

    /// Hands `command` to the view on screen; `false` if that view has no use for it.
    func perform(_ command: Command) -> Bool {
        (stack.top as? any CommandHandling)?.handle(command) ?? false
    }
}
