import BSPCore

/// The Behaviour scope that runs one meeting: each tick of the timer counts against the
/// speaker's time, the next speaker follows when it is up, and at the end of the last one the
/// meeting is saved and the scope dismisses itself. Ending early asks first.
@MainActor
final class RecordMeetingScope: @MainActor Scope, @MainActor StatefulActor {
    struct State: Equatable, Sendable {
        var ticksElapsed = 0
        var speakerIndex = 0
        var alert: MeetingScreen.Alert?
    }

    nonisolated let uri: ActorURI = "/actor/behaviour/record-meeting"
    let lifecycle = ScopeLifecycle()
    let standup: Standup
    private(set) var state = State()
    private let tick: Duration
    private let timer: TimerService.Ports
    private let screen: MeetingScreen.Ports
    private let history: HistoryService.Ports

    init(
        standup: Standup, tick: Duration = .seconds(1), timer: TimerService.Ports, screen: MeetingScreen.Ports,
        history: HistoryService.Ports
    ) {
        self.standup = standup
        self.tick = tick
        self.timer = timer
        self.screen = screen
        self.history = history
    }

    func activate() {
        timer.events.observe(by: self) { meeting, _ in meeting.ticked() }
        screen.events.observe(by: self) { meeting, event in meeting.handle(event) }
        show()
        timer.requests.send(.start(every: tick))
    }

    func deactivate() {
        timer.requests.send(.stop)
    }

    private func ticked() {
        guard state.alert == nil else { return }
        state.ticksElapsed += 1
        if state.ticksElapsed == standup.length {
            return end(saving: true)
        }
        if state.ticksElapsed.isMultiple(of: standup.ticksPerAttendee) {
            state.speakerIndex += 1
        }
        show()
    }

    private func handle(_ event: MeetingScreen.Event) {
        switch event {
        case .nextTapped:
            guard state.speakerIndex < standup.attendees.count - 1 else {
                return ask(.endMeeting(isDiscardable: false))
            }
            state.speakerIndex += 1
            state.ticksElapsed = state.speakerIndex * standup.ticksPerAttendee
            show()
        case .endTapped:
            ask(.endMeeting(isDiscardable: true))
        case .alertButtonTapped(.save):
            end(saving: true)
        case .alertButtonTapped(.discard):
            end(saving: false)
        case .alertButtonTapped(.resume):
            state.alert = nil
            screen.requests.send(.dismissAlert)
        }
    }

    private func ask(_ alert: MeetingScreen.Alert) {
        state.alert = alert
        screen.requests.send(.alert(alert))
    }

    private func end(saving: Bool) {
        state.alert = nil
        if saving {
            history.requests.send(
                .save(
                    Meeting(
                        title: standup.title, ticks: state.ticksElapsed,
                        ranItsLength: state.ticksElapsed == standup.length)))
        }
        lifecycle.dismiss()
    }

    private func show() {
        screen.requests.send(
            .show(
                MeetingScreen.Shown(
                    speaker: standup.attendees[state.speakerIndex], speakerNumber: state.speakerIndex + 1,
                    ticksLeft: standup.length - state.ticksElapsed)))
    }
}
