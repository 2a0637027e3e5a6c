import BSPCore
import Testing

/// Re-entrant audited sends, the shapes in which a notifier's own state is accessed again while
/// its handlers run. Each passes in every build; in the build CI makes with every
/// `@exclusivity(unchecked)` removed (`.ci/exclusivity`), the runtime checks that no access to
/// that state is held open across a handler, and stops the program if one is.
@Suite("Exclusive access while handlers run")
struct ExclusivityTests {
    @Test func anAuditedEmitFromInsideItsOwnObserverIsRecordedAfterTheFirst() {
        let store = InMemoryAuditStore()
        let notifier = AuditContext(store: store).withCurrent { EventNotifier<Int>(of: "/actor/source") }
        var seen: [Int] = []
        let token = notifier.observe { value in
            seen.append(value)
            if value == 1 { notifier.emit(2) }
        }

        notifier.emit(1)

        #expect(seen == [1, 2])
        #expect(store.records.map(\.notification) == ["1", "2"])
        #expect(store.records.map(\.cause) == [nil, 1])
        _ = token
    }

    @Test func anAuditedRequestFromInsideItsOwnHandlerNestsAndIsRecorded() throws {
        let store = InMemoryAuditStore()
        let notifier = AuditContext(store: store).withCurrent {
            RequestNotifier<Int, Int>(of: "/actor/service")
        }
        let registration = notifier.handle { value in
            value == 0 ? 0 : value + ((try? notifier.send(value - 1)) ?? -100)
        }

        let reply = try notifier.send(3)

        #expect(reply == 6)
        #expect(store.records.map(\.notification) == ["3", "2", "1", "0"])
        #expect(store.records.map(\.cause) == [nil, 1, 2, 3])
        _ = registration
    }

    @Test func anEventObserverSendingARequestWhoseHandlerEmitsTheSameEventIsOrdered() {
        let store = InMemoryAuditStore()
        let (events, requests) = AuditContext(store: store).withCurrent {
            (EventNotifier<String>(of: "/actor/source"), RequestNotifier<String, Void>(of: "/actor/service"))
        }
        let handler = requests.handle { request in events.emit("after \(request)") }
        let token = events.observe { event in
            if event == "start" { requests.send("start") }
        }

        events.emit("start")

        #expect(store.records.map(\.notification) == ["start", "start", "after start"])
        _ = (handler, token)
    }

    /// A notification whose description emits on the notifier that is rendering it.
    final class Loud: CustomStringConvertible, @unchecked Sendable {
        // @unchecked: made, sent and rendered on the test's thread alone; the notifier it
        // reaches stands for any a description could reach.
        let name: String
        weak var notifier: EventNotifier<Loud>?

        init(_ name: String, notifier: EventNotifier<Loud>?) {
            self.name = name
            self.notifier = notifier
        }

        var description: String {
            if name == "first" { notifier?.emit(Loud("second", notifier: nil)) }
            return name
        }
    }

    @Test func aDescriptionThatEmitsOnTheNotifierRenderingItIsQueuedAfterIt() {
        let store = InMemoryAuditStore()
        let notifier = AuditContext(store: store).withCurrent { EventNotifier<Loud>(of: "/actor/source") }
        var seen: [String] = []
        let token = notifier.observe { seen.append($0.name) }

        notifier.emit(Loud("first", notifier: notifier))

        #expect(seen == ["first", "second"])
        #expect(Set(store.records.map(\.notification)) == ["first", "second"])
        _ = token
    }

    /// A scope whose companion, freed when the scope is popped, reads the scope as it goes.
    final class Parent: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/parent"
        let lifecycle = ScopeLifecycle()
        let read: Tally
        init(read: Tally) { self.read = read }
        var companion: (any Scope)? { Companion(parent: self, read: read) }
    }

    final class Companion: Scope {
        let uri: ActorURI = "/actor/presentation/scope/companion"
        let lifecycle = ScopeLifecycle()
        weak var parent: Parent?
        let read: Tally
        init(parent: Parent, read: Tally) {
            self.parent = parent
            self.read = read
        }
        deinit {
            if let parent, parent.lifecycle.state == .terminated { read.increment() }
        }
    }

    @Test func aCompanionFreedByItsScopesPopReadsTheScopeAsItGoes() throws {
        let read = Tally()
        let presentation = ScopeStack(uri: "/actor/presentation/stack")
        let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation)
        let parent = Parent(read: read)
        try behaviour.push(parent)

        _ = try behaviour.pop()

        #expect(read.count == 1)
        #expect(presentation.scopes.isEmpty)
    }
}
