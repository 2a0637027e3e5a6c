import BSPCore
import Testing

/// The companion is read once, at push; a failed replace leaves both stacks as they were; a
/// resumed companion gets its own record back.
@Suite("Companion contract")
struct CompanionContractTests {
    let stacks = Stacks()
    let journal = Journal()

    /// A scope whose companion is computed: a new instance on every read.
    final class ComputedCompanion: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/computed"
        let lifecycle = ScopeLifecycle()
        let journal: Journal
        private(set) var reads = 0
        private(set) var made: [TextViewScope] = []
        init(journal: Journal) { self.journal = journal }

        var companion: (any Scope)? {
            reads += 1
            let view = TextViewScope("computed", journal: journal)
            made.append(view)
            return view
        }
    }

    @Test func aComputedCompanionIsReadOnceAndThatInstanceIsPoppedAndSuspended() throws {
        let scope = ComputedCompanion(journal: journal)
        try stacks.behaviour.push(scope)
        let pushed = try #require(stacks.presentation.top as? TextViewScope)

        let records = try stacks.behaviour.suspend()

        #expect(scope.reads == 1)
        #expect(scope.made.count == 1 && scope.made[0] === pushed)
        #expect(pushed.lifecycle.state == .terminated)
        #expect(records.first?.companion?.scope == "/actor/presentation/scope/computed")
        #expect(stacks.presentation.scopes.isEmpty)
    }

    @Test func aReplaceWhoseCompanionCannotBePushedLeavesBothStacksAsTheyWere() throws {
        // A view below the old scope's companion stays when the old scope is popped; the new
        // scope's companion has its URI, so it could never be pushed.
        try stacks.presentation.push(TextViewScope("base", journal: journal))
        let old = JournalScope("old", journal: journal, companion: TextViewScope("old", journal: journal))
        try stacks.behaviour.push(old)
        let clashing = JournalScope("new", journal: journal, companion: TextViewScope("base", journal: journal))
        let before = (stacks.behaviour.scopes.map(\.uri), stacks.presentation.scopes.map(\.uri))
        journal.clear()

        #expect(throws: ScopeStackError.self) { try stacks.behaviour.replaceTop(with: clashing) }

        #expect(stacks.behaviour.scopes.map(\.uri) == before.0)
        #expect(stacks.presentation.scopes.map(\.uri) == before.1)
        #expect(old.lifecycle.state == .active)
        #expect(clashing.lifecycle.state == .inactive)
        #expect(journal.entries.isEmpty)
    }

    @Test func aReplaceWithoutACompanionStackLeavesTheStackAsItWas() throws {
        let lonely = ScopeStack(uri: "/actor/behaviour/lonely", audit: stacks.recording.context)
        let old = JournalScope("old", journal: journal)
        try lonely.push(old)
        let new = JournalScope("new", journal: journal, companion: TextViewScope("new", journal: journal))

        #expect(throws: ScopeStackError.noCompanionStack(scope: new.uri, stack: lonely.uri)) {
            try lonely.replaceTop(with: new)
        }
        #expect(lonely.top === old)
        #expect(old.lifecycle.state == .active)
    }

    @Test func aReplaceWhoseCompanionTakesTheOldCompanionsPlaceSucceeds() throws {
        try stacks.behaviour.push(
            JournalScope("old", journal: journal, companion: TextViewScope("shared", journal: journal)))
        let new = JournalScope("new", journal: journal, companion: TextViewScope("shared", journal: journal))

        let exit = try stacks.behaviour.replaceTop(with: new)

        #expect(exit?.scope == "/actor/behaviour/scope/old")
        #expect(stacks.behaviourNames == ["new"])
        #expect(stacks.presentationNames == ["shared"])
        #expect(stacks.presentation.top === new.companion)
    }

    /// A view that records what it was given back on resumption.
    final class RememberingView: PresentationScope {
        let uri: ActorURI = "/actor/presentation/scope/detail"
        let lifecycle = ScopeLifecycle()
        var scrolledTo = "top"
        private(set) var recordAtActivation: ScopeRecord?
        private(set) var resumedFrom: ScopeRecord?
        var view: String { "scrolled to \(scrolledTo)" }

        func activate() { recordAtActivation = lifecycle.resumeRecord }
        func suspend() -> ScopeRecord { ScopeRecord(scope: uri, values: ["scroll": scrolledTo]) }
        func resume(from record: ScopeRecord) -> ResumeDecision {
            resumedFrom = record
            scrolledTo = record["scroll"] ?? "top"
            return .proceed
        }
    }

    @Test func resumptionHandsEachCompanionItsOwnRecord() throws {
        let view = RememberingView()
        view.scrolledTo = "row 42"
        try stacks.behaviour.push(JournalScope("detail", journal: journal, companion: view))
        let records = try stacks.behaviour.suspend()

        let newView = RememberingView()
        let outcome = try stacks.behaviour.resume(from: records) { record in
            JournalScope(String(record.scope.segments.last!), journal: journal, companion: newView)
        }

        #expect(outcome == .completed(restored: 1))
        #expect(newView.recordAtActivation?["scroll"] == "row 42")
        #expect(newView.resumedFrom == ScopeRecord(scope: newView.uri, values: ["scroll": "row 42"]))
        #expect(newView.view == "scrolled to row 42")
        #expect(newView.lifecycle.resumeRecord == nil)
    }
}
