import BSPCore
import Testing

/// Work a scope starts ends when it deactivates, and a popped scope is released.
@Suite("Scope-bound work")
struct ScopeWorkTests {
    let journal = Journal()
    let stacks = Stacks()

    @Test func observationsOwnedByAScopeEndWhenItDeactivates() throws {
        let events = EventNotifier<String>(of: "/actor/presentation")
        let scope = JournalScope("listener", journal: journal)
        var heard: [String] = []
        scope.onActivate = { events.observe(by: scope) { _, text in heard.append(text) } }
        try stacks.behaviour.push(scope)

        events.emit("while active")
        try stacks.behaviour.pop()
        events.emit("after pop")

        #expect(heard == ["while active"])
        #expect(events.observerCount == 0)
    }

    @Test func workHandedOverAfterDeactivationEndsAtOnce() throws {
        let events = EventNotifier<String>(of: "/actor/presentation")
        let scope = JournalScope("late", journal: journal)
        var heard: [String] = []
        scope.onDeactivate = { scope.lifecycle.own(events.observe { heard.append($0) }) }
        try stacks.behaviour.push(scope)
        try stacks.behaviour.pop()

        events.emit("too late")

        #expect(heard.isEmpty)
        #expect(!scope.lifecycle.isOperating)
    }

    @MainActor
    @Test func aTaskStartedInAScopeDoesNotRunPastItsDeactivation() async throws {
        let scope = JournalScope("poller", journal: journal)
        var ticks = 0
        var ticksAtPop = 0
        scope.onActivate = {
            scope.lifecycle.own(
                Task { @MainActor in
                    while !Task.isCancelled {
                        ticks += 1
                        await Task.yield()
                    }
                })
        }
        scope.onDeactivate = { ticksAtPop = ticks }
        try stacks.behaviour.push(scope)
        while ticks < 5 { await Task.yield() }

        try stacks.behaviour.pop()
        for _ in 0..<20 { await Task.yield() }

        #expect(ticksAtPop >= 5)
        #expect(ticks <= ticksAtPop + 1)  // at most the tick already running when cancelled
    }

    @Test func aPoppedScopeAndItsCompanionAreDeallocated() throws {
        weak var behaviour: JournalScope?
        weak var presentation: TextViewScope?
        do {
            let view = TextViewScope("detail", journal: journal)
            let scope = JournalScope("detail", journal: journal, companion: view)
            let events = EventNotifier<Int>(of: "/actor/service")
            scope.onActivate = { [unowned scope] in
                events.observe(by: scope) { scope, _ in _ = scope.uri }
            }
            behaviour = scope
            presentation = view
            try stacks.behaviour.push(scope)
            try stacks.behaviour.pop()
        }

        #expect(behaviour == nil)
        #expect(presentation == nil)
    }

    @Test func aSuspendedScopeAndItsCompanionAreDeallocated() throws {
        weak var behaviour: JournalScope?
        weak var presentation: TextViewScope?
        let records: [ScopeRecord]
        do {
            let view = TextViewScope("detail", journal: journal)
            let scope = JournalScope("detail", journal: journal, companion: view)
            behaviour = scope
            presentation = view
            try stacks.behaviour.push(scope)
            records = try stacks.behaviour.suspend()
        }

        #expect(records.map(\.scope) == ["/actor/behaviour/scope/detail"])
        #expect(behaviour == nil)
        #expect(presentation == nil)
    }
}
