import BSPCore

/// A presentation scope whose view is text: it applies update requests from its behaviour
/// companion to its state, renders that state, and turns the commands it understands into
/// intent events.
///
/// Subclasses override ``title``, ``body``, ``commands``, ``apply(_:)``, ``intent(for:)`` and
/// ``scrub()``.
class ViewScope<Intent: Sendable, Update: Sendable>: PresentationScope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    private let intentNotifier: EventNotifier<Intent>
    private let updateNotifier: RequestNotifier<Update, Void>

    /// The view's intents, observed by its behaviour companion, which cannot emit them.
    var intents: EventPort<Intent> { intentNotifier.port }
    /// Updates from the behaviour companion.
    var updates: RequestPort<Update, Void> { updateNotifier.port }

    init(name: String) throws(ActorURIError) {
        uri = try ActorURI(validating: "/actor/presentation/scope/\(name)")
        intentNotifier = EventNotifier(of: uri, named: "intent")
        updateNotifier = RequestNotifier(of: uri, named: "update")
        updateNotifier.handle(by: self) { view, update in view.apply(update) }
        lifecycle.bind(intentNotifier)
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
        express(intent)
        return true
    }

    /// The user expressed `intent` on this view: what a control's action calls.
    func express(_ intent: Intent) {
        intentNotifier.emit(intent)
    }
}

/// A view that can act on a typed command.
protocol CommandHandling {
    /// Emits the intent for `command` and returns `true`, or returns `false` if this view
    /// has no use for it.
    func handle(_ command: Command) -> Bool
}
