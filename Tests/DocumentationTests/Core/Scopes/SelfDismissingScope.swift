import BSPCore
import Testing

// The code of the "Scopes and the Scope Stack" article's self-dismissing editor, compiled and run.

/// The editor's own presentation scope, with the intents only its behaviour scope hears.
final class EditorView: PresentationScope {
    enum Intent: Sendable {
        case save(String)
        case cancel
    }

    let uri: ActorURI = "/actor/presentation/scope/editor"
    let lifecycle = ScopeLifecycle()
    let intents = EventNotifier<Intent>(of: "/actor/presentation/scope/editor", named: "intents")
    var view: String { "editor" }
}

final class EditorScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/editor"
    let lifecycle = ScopeLifecycle()
    let view = EditorView()  // its companion: the editor's own presentation scope
    var companion: (any Scope)? { view }
    private(set) var saved: String?

    func activate() {
        view.intents.observe(by: self) { scope, intent in
            if case .save(let text) = intent { scope.saved = text }
            scope.lifecycle.dismiss()  // pops the editor, and with it its view
        }
    }
}

@Test func theEditorHearsItsOwnViewAndDismissesItself() throws {
    let views = ScopeStack(uri: "/actor/presentation/stack")
    let stack = ScopeStack(uri: "/actor/behaviour/stack", companions: views)
    let editor = EditorScope()
    try stack.push(editor)

    editor.view.intents.emit(.save("notes"))

    #expect(editor.saved == "notes")
    #expect(stack.scopes.isEmpty && views.scopes.isEmpty)
}
