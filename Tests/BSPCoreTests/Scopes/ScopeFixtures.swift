import BSPCore

/// The order things happened in, across scopes.
final class Journal {
    private(set) var entries: [String] = []
    func write(_ entry: String) { entries.append(entry) }
    func clear() { entries = [] }
}

/// A scope that writes its lifecycle into a journal and runs optional hooks.
class JournalScope: Scope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    let journal: Journal
    var companion: (any Scope)?
    var result: (any Sendable)?
    var onActivate: () -> Void = {}
    var onDeactivate: () -> Void = {}

    init(_ name: String, journal: Journal, companion: (any Scope)? = nil) {
        self.uri = try! ActorURI(validating: "/actor/behaviour/scope/\(name)")
        self.journal = journal
        self.companion = companion
    }

    var name: String { String(uri.segments.last!) }

    func activate() {
        journal.write("activate \(name) (\(lifecycle.state))")
        onActivate()
    }

    func deactivate() {
        journal.write("deactivate \(name) (\(lifecycle.state))")
        onDeactivate()
    }
}

/// A presentation scope whose view is text.
final class TextViewScope: PresentationScope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    let journal: Journal
    var view: String

    init(_ name: String, journal: Journal, view: String? = nil) {
        self.uri = try! ActorURI(validating: "/actor/presentation/scope/\(name)")
        self.journal = journal
        self.view = view ?? "[\(name)]"
    }

    func activate() { journal.write("activate \(uri.segments.last!) view") }
    func deactivate() { journal.write("deactivate \(uri.segments.last!) view") }
}

/// A behaviour stack and its presentation companion stack, in one audit context.
struct Stacks {
    let recording = Recording()
    let presentation: ScopeStack
    let behaviour: ScopeStack

    init() {
        presentation = ScopeStack(uri: "/actor/presentation/stack", audit: recording.context)
        behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation, audit: recording.context)
    }

    var behaviourNames: [String] { behaviour.scopes.map { String($0.uri.segments.last!) } }
    var presentationNames: [String] { presentation.scopes.map { String($0.uri.segments.last!) } }
}
