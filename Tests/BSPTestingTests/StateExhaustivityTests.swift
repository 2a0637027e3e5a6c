import BSPCore
import BSPTesting
import Foundation
import Testing

/// A meeting's Behaviour, with state of its own that it exposes for tests: seconds elapsed,
/// and whether the end-of-meeting alert is up.
private final class Meeting: StatefulActor {
    struct State: Equatable, Sendable {
        var secondsElapsed = 0
        var alertShown = false
    }

    let uri: ActorURI = "/actor/behaviour/meeting"
    let lifetime = ActorLifetime()
    let ticks = EventNotifier<Void>(of: "/actor/service/clock", named: "tick")
    let endTapped = EventNotifier<Void>(of: "/actor/presentation", named: "end")
    private(set) var state = State()
    /// A defect to plant: time counted while the alert is up.
    var countsUnderTheAlert = false

    init() {
        ticks.observe(by: self) { meeting, _ in
            if meeting.countsUnderTheAlert { meeting.state.secondsElapsed += 1 }
            guard !meeting.state.alertShown else { return }
            if !meeting.countsUnderTheAlert { meeting.state.secondsElapsed += 1 }
        }
        endTapped.observe(by: self) { meeting, _ in meeting.state.alertShown = true }
    }
}

@Suite("State, where an actor opts in")
struct StateExhaustivityTests {
    @Test("every change of a tracked actor's state is expected: the test passes")
    func expectedChangesPass() {
        let app = TestFabric { Meeting() }
        app.trackState(of: app.system)

        app.exercise(app.system.ticks, ())
        app.expectState(of: app.system) { $0.secondsElapsed = 1 }
        app.exercise(app.system.endTapped, ())
        app.expectState(of: app.system) { $0.alertShown = true }
        app.exercise(app.system.ticks, ())  // no change while the alert is up
        app.expectState(of: app.system) { _ in }
    }

    @Test("a change no expectation accounted for fails the step that made it, with a structural diff")
    func hiddenChangeFails() {
        let app = TestFabric { Meeting() }
        app.system.countsUnderTheAlert = true
        app.trackState(of: app.system)
        app.exercise(app.system.endTapped, ())
        app.expectState(of: app.system) { $0.alertShown = true }

        let text = failureText {
            app.exercise(app.system.ticks, ())  // the planted defect: it counts under the alert
            app.exercise(app.system.ticks, ())
        }

        #expect(text.contains("The state of /actor/behaviour/meeting changed and no expectState(of:) accounted for it"))
        #expect(text.contains("−   secondsElapsed: 0\n+   secondsElapsed: 1"))
        app.expectState(of: app.system) { $0.secondsElapsed = 2 }
    }

    @Test("an expectation that does not match the state fails with what differs")
    func wrongExpectationFails() {
        let app = TestFabric { Meeting() }
        app.trackState(of: app.system)
        app.exercise(app.system.ticks, ())

        let text = failureText { app.expectState(of: app.system) { $0.secondsElapsed = 2 } }

        #expect(text.contains("expectState(of: /actor/behaviour/meeting) failed"))
        #expect(text.contains("−   secondsElapsed: 2\n+   secondsElapsed: 1"))
    }

    @Test("finish() fails for a change left unaccounted at the end")
    func finishChecksState() async {
        let app = TestFabric { Meeting() }
        app.trackState(of: app.system)
        app.exercise(app.system.ticks, ())

        let text = await asyncFailureText { await app.finish() }

        #expect(text.contains("changed and no expectState(of:) accounted for it"))
    }

    @Test("withoutExhaustivity covers tracked state: changes made inside it need no expectation")
    func withoutExhaustivityCoversState() async {
        let app = TestFabric { Meeting() }
        app.trackState(of: app.system)

        app.withoutExhaustivity {
            for _ in 1...59 { app.exercise(app.system.ticks, ()) }
        }
        app.exercise(app.system.ticks, ())

        app.expectState(of: app.system) { $0.secondsElapsed = 60 }
        await app.finish()
    }

    @Test("a change made before withoutExhaustivity still fails, at the step that made it")
    func withoutExhaustivityLeavesEarlierChanges() {
        let app = TestFabric { Meeting() }
        app.trackState(of: app.system)
        app.exercise(app.system.ticks, ())

        let text = failureText {
            app.withoutExhaustivity { app.exercise(app.system.ticks, ()) }
        }

        #expect(text.contains("−   secondsElapsed: 0\n+   secondsElapsed: 1"))
        app.expectState(of: app.system) { _ in }
    }

    @Test("expecting the state of an actor that is not tracked fails, saying how to track it")
    func untrackedStateFails() {
        let app = TestFabric { Meeting() }

        let text = failureText { app.expectState(of: app.system) { $0.secondsElapsed = 1 } }

        #expect(
            text.contains(
                "expectState(of: /actor/behaviour/meeting): its state is not tracked; call trackState(of:) first."))
    }
}

/// A counter kept in an object: a snapshot of a state holding it shares it with the actor.
private final class SharedCounter: Equatable, @unchecked Sendable {
    var value = 0
    static func == (lhs: SharedCounter, rhs: SharedCounter) -> Bool { lhs.value == rhs.value }
}

/// An actor whose state holds an object.
private final class ObjectHolder: StatefulActor {
    struct State: Equatable {
        var label = "counter"
        var counter = SharedCounter()
    }
    let uri: ActorURI = "/actor/behaviour/holder"
    let lifetime = ActorLifetime()
    let ticks = EventNotifier<Void>(of: "/actor/service/clock", named: "tick")
    private(set) var state = State()

    init() {
        ticks.observe(by: self) { holder, _ in holder.state.counter.value += 1 }
    }
}

@Suite("State that a snapshot would share")
struct SharedStateTests {
    @Test func trackingAStateThatHoldsAnObjectFailsNamingWhereTheObjectIs() {
        let app = TestFabric { ObjectHolder() }

        let text = failureText { app.trackState(of: app.system) }

        #expect(text.contains("trackState(of: /actor/behaviour/holder)"))
        #expect(text.contains("counter"))
        #expect(text.contains("a value all the way down"))
    }
}

/// An actor whose state holds standard values built on objects inside.
private final class StandardValues: StatefulActor {
    struct State: Equatable {
        var link = URL(string: "https://example.com")!
        var zone = TimeZone(identifier: "UTC")!
        var text = AttributedString("bold")
        var path: KeyPath<String, Int> = \.count
        var when = Date(timeIntervalSince1970: 0)
    }
    let uri: ActorURI = "/actor/behaviour/standard"
    let lifetime = ActorLifetime()
    private(set) var state = State()
}

@Suite("State made of standard values")
struct StandardValueStateTests {
    @Test func aStateOfStandardValuesIsTracked() async {
        let app = TestFabric { StandardValues() }
        app.trackState(of: app.system)
        app.expectState(of: app.system) { _ in }
        await app.finish()
    }
}
