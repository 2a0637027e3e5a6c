import BSPCore

/// A presentation scope whose view is text: it applies update requests from its behaviour
/// companion to its state, renders that state, and turns the commands it understands into
/// intent events.
///
/// Subclasses override ``title``, ``body``, ``commands``, ``apply(_:)``, ``intent(for:)`` and
/// ``scrub()``.
class ViewScope<Intent, Update>: PresentationScope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    /// The view's intents, observed by its behaviour companion.
    let intents: EventNotifier<Intent>
    /// Updates from the behaviour companion.
    let updates: RequestNotifier<Update, Void>

    init(name: String) throws {
        uri = try ActorURI(validating: "/actor/presentation/scope/\(name)")
        intents = EventNotifier(of: uri, named: "intent")
        updates = RequestNotifier(of: uri, named: "update")
        try updates.handle(by: self) { view, update in view.apply(update) }
    }

    var title: String { "" }
    var body: [String] { [] }
    var commands: String { "" }
    func apply(_ update: Update) {}
    func intent(for command: Command) -> Intent? { nil }
    func scrub() {}

    /// The screen: a frame with the title, the body and the commands this screen accepts.
    var view: String {
        (["┌─ \(title)"] + body.map { "│ \($0)" } + (commands.isEmpty ? [] : ["│ ‹\(commands)›"]) + ["└─"])
            .joined(separator: "\n")
    }

    func suspend() -> ScopeRecord {
        scrub()
        return ScopeRecord(scope: uri)
    }
}

extension ViewScope: CommandHandling {
    func handle(_ command: Command) -> Bool {
        guard let intent = intent(for: command) else { return false }
        intents.emit(intent)
        return true
    }
}

/// A view that can act on a typed command.
protocol CommandHandling {
    /// Emits the intent for `command` and returns `true`, or returns `false` if this view
    /// has no use for it.
    func handle(_ command: Command) -> Bool
}
