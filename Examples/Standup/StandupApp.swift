import BSPCore

/// The whole app, in one fabric: a behaviour stack on which each meeting is a scope.
@MainActor
final class StandupApp {
    let fabric = Fabric()
    let timer: TimerService
    let screen = MeetingScreen()
    let history = HistoryService()
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    private let tick: Duration

    init(clock: any Clock<Duration> = ContinuousClock(), tick: Duration = .seconds(1)) throws(FabricError) {
        timer = TimerService(clock: clock)
        self.tick = tick
        try fabric.add(timer)
        try fabric.add(screen)
        try fabric.add(history)
    }

    /// Starts recording a meeting of `standup`: pushes its scope, which the stack holds until
    /// the meeting ends. Returns the scope, which the caller need not keep.
    @discardableResult
    func startMeeting(_ standup: Standup) throws -> RecordMeetingScope {
        let meeting = RecordMeetingScope(
            standup: standup, tick: tick, timer: timer.ports, screen: screen.ports, history: history.ports)
        try stack.push(meeting)
        return meeting
    }
}
