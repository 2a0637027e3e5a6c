import BSPCore
import Testing

/// A sheet's view: its own intents, which only its scope hears.
private final class SheetView: PresentationScope {
    enum Intent: Sendable { case save, cancel }

    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    let intents: EventNotifier<Intent>
    var view: String { "sheet" }

    init(_ name: String) throws {
        uri = try ActorURI(validating: "/actor/presentation/scope/\(name)")
        intents = EventNotifier(of: uri, named: "intents")
    }
}

/// A behaviour scope that hears only its own sheet's intents and dismisses itself on either,
/// without holding the stack it is on.
private final class SheetScope: Scope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    let sheet: SheetView
    var companion: (any Scope)? { sheet }
    private(set) var saved = false

    init(_ name: String) throws {
        uri = try ActorURI(validating: "/actor/behaviour/scope/\(name)")
        sheet = try SheetView(name)
    }

    func activate() {
        sheet.intents.observe(by: self) { scope, intent in
            scope.saved = intent == .save
            scope.lifecycle.dismiss()
        }
    }
}

@Suite("A scope that dismisses itself")
struct SelfDismissingScopeTests {
    let views = ScopeStack(uri: "/actor/presentation/stack")
    let stack: ScopeStack

    init() {
        stack = ScopeStack(uri: "/actor/behaviour/stack", companions: views)
    }

    @Test func aScopeHearsOnlyItsOwnViewsIntentsAndPopsItselfAndItsView() throws {
        let list = try SheetScope("list")
        let editor = try SheetScope("editor")
        try stack.push(list)
        try stack.push(editor)

        editor.sheet.intents.emit(.save)

        #expect(editor.saved && !list.saved, "only the editor heard its sheet")
        #expect(stack.scopes.map(\.uri) == [list.uri])
        #expect(views.scopes.map(\.uri) == [list.sheet.uri])
        #expect(editor.lifecycle.state == .terminated)
    }

    @Test func dismissingAScopeBelowOthersPopsThemFirst() throws {
        let list = try SheetScope("list")
        let editor = try SheetScope("editor")
        try stack.push(list)
        try stack.push(editor)

        let exits = list.lifecycle.dismiss()

        #expect(exits.map(\.scope) == [editor.uri, list.uri])
        #expect(stack.scopes.isEmpty && views.scopes.isEmpty)
    }

    @Test func dismissingAScopeThatIsNotOnAStackDoesNothing() throws {
        let sheet = try SheetScope("alone")
        #expect(sheet.lifecycle.dismiss().isEmpty)

        try stack.push(sheet)
        try stack.pop()
        #expect(sheet.lifecycle.dismiss().isEmpty)
    }

    @Test func aScopeDoesNotKeepItsStackAlive() throws {
        weak var released: ScopeStack?
        let sheet = try SheetScope("orphan")
        do {
            let stack = ScopeStack(
                uri: "/actor/behaviour/other", companions: ScopeStack(uri: "/actor/presentation/other"))
            released = stack
            try stack.push(sheet)
        }
        #expect(released == nil)
        #expect(sheet.lifecycle.dismiss().isEmpty)
    }

    @Test func aCompanionThatDismissesItselfDismissesTheScopeItAccompanies() throws {
        let list = try SheetScope("list")
        let editor = try SheetScope("editor")
        try stack.push(list)
        try stack.push(editor)

        let exits = editor.sheet.lifecycle.dismiss()

        #expect(exits.map(\.scope) == [editor.uri])
        #expect(stack.scopes.map(\.uri) == [list.uri])
        #expect(views.scopes.map(\.uri) == [list.sheet.uri])
    }
}
