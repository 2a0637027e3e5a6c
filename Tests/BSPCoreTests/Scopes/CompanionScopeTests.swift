import BSPCore
import Observation
import Testing

@Suite("Companion scopes")
struct CompanionScopeTests {
    let journal = Journal()
    let stacks = Stacks()

    func webURLScope() -> JournalScope {
        JournalScope("web-url", journal: journal, companion: TextViewScope("web-url", journal: journal))
    }

    @Test func theCompanionIsPushedBeforeTheBehaviourScopeActivates() throws {
        try stacks.behaviour.push(webURLScope())

        #expect(journal.entries == ["activate web-url view", "activate web-url (initiating)"])
        #expect(stacks.presentationNames == ["web-url"])
        #expect(stacks.presentation.topView(as: String.self) == "[web-url]")
    }

    @Test func thePresentationDeactivatesBeforeTheBehaviourAndChildrenBeforeParents() throws {
        let parent = JournalScope("accounts", journal: journal, companion: TextViewScope("accounts", journal: journal))
        let child = JournalScope("detail", journal: journal, companion: TextViewScope("detail", journal: journal))
        try stacks.behaviour.push(parent)
        try stacks.behaviour.push(child)
        journal.clear()

        try stacks.behaviour.popAbove("/actor/behaviour/scope/accounts")
        try stacks.behaviour.pop()

        #expect(
            journal.entries == [
                "deactivate detail view", "deactivate detail (deactivating)",
                "deactivate accounts view", "deactivate accounts (deactivating)",
            ])
        #expect(stacks.presentation.scopes.isEmpty)
    }

    @Test func scopesPushedOverACompanionAreUnwoundWithIt() throws {
        try stacks.behaviour.push(webURLScope())
        try stacks.presentation.push(TextViewScope("alert", journal: journal))
        journal.clear()

        try stacks.behaviour.pop()

        #expect(
            journal.entries == [
                "deactivate alert view", "deactivate web-url view", "deactivate web-url (deactivating)",
            ])
        #expect(stacks.presentation.scopes.isEmpty)
    }

    @Test func aCompanionWithoutACompanionStackIsATypedErrorAndNothingIsPushed() {
        let lonely = ScopeStack(uri: "/actor/behaviour/lonely")
        let scope = webURLScope()

        #expect(throws: ScopeStackError.noCompanionStack(scope: scope.uri, stack: lonely.uri)) {
            try lonely.push(scope)
        }
        #expect(lonely.scopes.isEmpty)
        #expect(scope.lifecycle.state == .inactive)
    }

    @Test func aCompanionThatCannotBePushedLeavesBothStacksUnchanged() throws {
        let taken = TextViewScope("web-url", journal: journal)
        try stacks.presentation.push(taken)
        journal.clear()
        let scope = webURLScope()

        #expect(throws: ScopeStackError.self) { try stacks.behaviour.push(scope) }
        #expect(stacks.behaviour.scopes.isEmpty)
        #expect(stacks.presentationNames == ["web-url"])
        #expect(journal.entries.isEmpty)
    }

    @Test func theTopViewIsObservable() throws {
        let changes = Tally()
        func track() {
            withObservationTracking {
                _ = stacks.presentation.topView
            } onChange: {
                changes.increment()
            }
        }

        track()
        try stacks.behaviour.push(webURLScope())
        #expect(changes.count == 1)
        #expect(stacks.presentation.topView as? String == "[web-url]")

        track()
        try stacks.behaviour.pop()
        #expect(changes.count == 2)
        #expect(stacks.presentation.topView == nil)
    }
}
