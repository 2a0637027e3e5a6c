import BSPCore
import BSPTesting
import Testing

// The testing article's state example, compiled and run.

final class MeetingBehaviour: StatefulActor {
    struct State: Equatable { var secondsElapsed = 0, alertShown = false }
    let uri: ActorURI = "/actor/behaviour/meeting"
    let lifetime = ActorLifetime()
    private(set) var state = State()

    init(ticks: EventPort<Void>, endTapped: EventPort<Void>) {
        ticks.observe(by: self) { meeting, _ in
            guard !meeting.state.alertShown else { return }
            meeting.state.secondsElapsed += 1
        }
        endTapped.observe(by: self) { meeting, _ in meeting.state.alertShown = true }
    }
}

@Test func theMeetingsStateChangesOnlyAsExpected() async {
    let app = TestFabric {
        let ticks = EventNotifier<Void>(of: "/actor/service/clock", named: "tick")
        let endTapped = EventNotifier<Void>(of: "/actor/presentation", named: "end")
        let meeting = MeetingBehaviour(ticks: ticks.port, endTapped: endTapped.port)
        return (ticks: ticks, endTapped: endTapped, meeting: meeting)
    }

    app.trackState(of: app.meeting)
    app.exercise(app.ticks, ())
    app.expectState(of: app.meeting) { $0.secondsElapsed = 1 }
    app.exercise(app.endTapped, ())
    app.expectState(of: app.meeting) { $0.alertShown = true }
    app.exercise(app.ticks, ())  // the alert is up: the state must not change
    await app.finish()
}
