@_spi(Inspection) import BSPCore

/// One replay of a recording against a live system: the walk through the recording, the
/// stand-ins, and what the live run has recorded so far.
final class ReplaySession {
    private let recording: [AuditRecord]
    private let unit: ActorURI
    private let audit: AuditContext
    private let store: InMemoryAuditStore
    /// Where the live run's replies are kept.
    private let recorder: TestRecorder
    /// The live run's records since the store was made, oldest first.
    private var live: [AuditRecord] = []
    private var mark = InMemoryAuditStore.RecordMark()
    /// The indexes of the records each recorded record caused directly, by its sequence number.
    private let effects: [UInt64: [Int]]
    /// The sequence numbers the recording holds.
    private let recordedSequences: Set<UInt64>
    private var standIns: [Registration] = []
    /// Why the replay could not go on, found inside a stand-in's handler.
    private var stopped: String?
    /// The place in the recording the walk has reached.
    private var index = 0
    /// The place in the recording up to which replies have been compared.
    private var repliesCompared = 0

    init(recording: AuditTrail, unit: ActorURI, audit: AuditContext, recorder: TestRecorder) {
        self.recording = recording.records
        self.unit = unit
        self.audit = audit
        self.store = recorder.store
        self.recorder = recorder
        var effects: [UInt64: [Int]] = [:]
        for (index, record) in recording.records.enumerated() {
            if let cause = record.cause { effects[cause, default: []].append(index) }
        }
        self.effects = effects
        recordedSequences = Set(recording.records.map(\.sequence))
    }

    /// Replays the recording, taking time from its order alone; returns the failure, or `nil`
    /// if the run matched it throughout.
    func run(startingWith start: () throws -> Void) -> String? {
        defer { endStandIns() }
        if let problem = begin(startingWith: start) { return problem }
        switch walk(timing: nil) {
        case .finished(let failure): return failure
        case .due: preconditionFailure("A walk without a clock never waits for time.")
        }
    }

    /// Replays the recording with its timing: `clock`, on which the live context keeps its
    /// records' times, is advanced to the time of each notification the live run has not sent
    /// yet, and each notification must be sent within `tolerance` of its recorded time.
    nonisolated(nonsending) func run(
        startingWith start: () throws -> Void, advancing clock: ManualClock, tolerance: Duration
    ) async -> String? {
        defer { endStandIns() }
        if let problem = begin(startingWith: start) { return problem }
        var pace = Pace(at: index)
        while true {
            let reached = audit.elapsed ?? .zero
            switch walk(timing: Timing(reached: reached, tolerance: tolerance)) {
            case .finished(let failure): return failure
            case .due(let time):
                if let stalled = pace.problem(at: index, advancingTo: time, reached: reached) {
                    return "Replay under \(unit): notification \(index + 1) of \(recording.count) is recorded at "
                        + "\(recording[index].time ?? time); \(stalled).\n  \(recording[index])"
                }
                await clock.advance(by: step(toward: time - reached, on: clock))
            }
        }
    }

    /// How far to advance `clock` toward a time `remaining` ahead: all the way when nothing
    /// sleeps on it; else to the system's next timer, and an hour, at most, so that the walk
    /// compares what a timer sends before the clock moves on, and sees how fast it goes.
    private func step(toward remaining: Duration, on clock: ManualClock) -> Duration {
        guard !clock.isIdle else { return remaining }
        // A timer woken and not yet asleep again has no deadline yet: a second, so that one step
        // never runs a timer's hour of ticks (a minute of real time under ThreadSanitizer).
        let nextTimer = clock.nextDeadline.map { max(.zero, clock.now.duration(to: $0)) } ?? .seconds(1)
        return min(remaining, nextTimer, Self.longestStep)
    }

    /// The longest the clock is advanced at once while a timer of the system sleeps on it.
    static let longestStep = Duration.seconds(3_600)

    /// How many steps of the clock reaching one notification may take at the pace the system's
    /// timers let it go: a recorded time no run reaches, with the timers waking on the way,
    /// must fail the replay rather than keep the clock going for ever. Counted in steps, not
    /// in real time, so that the verdict never depends on how busy the machine is.
    static let reachLimit = 100_000

    /// How fast the clock advances toward the next notification, in clock time per step, over
    /// the steps taken toward it.
    private struct Pace {
        var index: Int
        var steps = 0
        var reachedThen: Duration?

        init(at index: Int) {
            self.index = index
        }

        /// Why the walk stops advancing toward `time`, if at the pace of the steps so far it
        /// would take more than ``ReplaySession/reachLimit`` steps to get there.
        mutating func problem(at index: Int, advancingTo time: Duration, reached: Duration) -> String? {
            guard index == self.index, let reachedThen else {
                (self.index, steps, reachedThen) = (index, 0, reached)
                return nil
            }
            steps += 1
            // A few steps first: the timers' period shows once they have woken.
            guard steps >= 10 else { return nil }
            let perStep = Self.seconds(reached - reachedThen) / Double(steps)
            let needed = perStep > 0 ? Self.seconds(time - reached) / perStep : .infinity
            guard needed > Double(ReplaySession.reachLimit) else { return nil }
            let pace = Duration.seconds(perStep)
            let count = needed.isFinite ? "\(Int(needed.rounded(.up))) more steps" : "steps without end"
            return
                "at the pace the system's timers let the clock go (\(pace) of clock time a step over \(steps) steps), "
                + "it would take \(count) to get there, more than \(ReplaySession.reachLimit): "
                + "it stopped at \(reached)"
        }

        private static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }

    /// Where a timed replay's clock is, and how far from its recorded time a notification may
    /// be sent.
    private struct Timing {
        let reached: Duration
        let tolerance: Duration
    }

    /// What the walk needs to go on.
    private enum Progress {
        /// The walk is over: with the failure, or `nil` if the run matched the recording.
        case finished(String?)
        /// The clock must reach this time, since the live context was made, first.
        case due(Duration)
    }

    /// Puts the stand-ins in place and runs the test's start.
    private func begin(startingWith start: () throws -> Void) -> String? {
        if let problem = installStandIns() { return problem }
        do {
            try start()
        } catch {
            return "Replay under \(unit): the start threw \(error)."
        }
        return nil
    }

    /// Walks on through the recording from where it stopped: compares what the live run sent,
    /// sends what came from outside, and, with `timing`, stops where the clock must move first.
    private func walk(timing: Timing?) -> Progress {
        while index < recording.count {
            catchUp()
            if let stopped { return .finished(stopped) }
            if index < live.count {
                if let difference = ReplayDifference(
                    at: index, recording: recording, live: live, unit: unit, tolerance: timing?.tolerance)
                {
                    // A reply that differed earlier is what made the run go another way.
                    return .finished(replyDifference(before: index) ?? difference.message)
                }
                index += 1
                continue
            }
            let record = recording[index]
            // Only what came from outside the unit, and from outside any handler, is sent again:
            // anything else the unit, or what it drives, must send itself.
            let isStimulus = isStimulus(record)
            if let timing, let due = record.time, let next = Self.nextTime(for: due, isStimulus, timing) {
                return .due(next)
            }
            guard isStimulus else {
                let deadline = timing.flatMap { timing in record.time.map { $0 + timing.tolerance } }
                return .finished(
                    ReplayDifference.missing(at: index, recording: recording, live: live, unit: unit, by: deadline))
            }
            if let problem = send(record, at: index) { return .finished(problem) }
            catchUp()
            if let problem = replyDifference(before: live.count) { return .finished(problem) }
            guard index < live.count else {
                return .finished(ReplayDifference.missing(at: index, recording: recording, live: live, unit: unit))
            }
        }
        catchUp()
        return .finished(
            stopped ?? replyDifference(before: recording.count, final: true)
                ?? (live.count > recording.count
                    ? ReplayDifference.extra(recording: recording, live: live, unit: unit) : nil))
    }

    /// The failure for the first reply, among the notifications before `end`, that differs
    /// from its recording, if one does. A reply not back yet is waited for — the comparison
    /// stops there until a later call — unless this is the `final` one, where it is missing.
    private func replyDifference(before end: Int, final: Bool = false) -> String? {
        let end = min(end, live.count, recording.count)
        while repliesCompared < end {
            let (recorded, replayed) = (recording[repliesCompared], live[repliesCompared])
            if let expected = recorded.reply, replayed.notifier == recorded.notifier {
                guard let reply = recorder.reply(toRequest: replayed.sequence) else {
                    guard final else { return nil }
                    return "Replay under \(unit): notification \(repliesCompared + 1) of \(recording.count) got no "
                        + "reply, where the recording has one.\n  recorded reply: \(expected)\n  \(recorded)"
                }
                if reply != expected {
                    return ReplayDifference.reply(
                        at: repliesCompared, recording: recording, live: live, unit: unit, replayed: reply)
                }
            }
            repliesCompared += 1
        }
        return nil
    }

    /// The time the clock must reach before the walk goes on to a notification recorded at
    /// `due`, or `nil` if it is there: a stimulus is sent as early as the tolerance allows;
    /// what the system sends itself is waited for up to its recorded time, then up to the end
    /// of the tolerance.
    private static func nextTime(for due: Duration, _ isStimulus: Bool, _ timing: Timing) -> Duration? {
        let times = isStimulus ? [due - timing.tolerance] : [due, due + timing.tolerance]
        return times.first { $0 > timing.reached }
    }

    private func endStandIns() {
        for standIn in standIns { standIn.cancel() }
        standIns = []
    }

    /// Whether `record` came into the run from outside: sent outside any handler (or in one the
    /// recording does not hold), by something outside the unit.
    private func isStimulus(_ record: AuditRecord) -> Bool {
        let caused = record.cause.map(recorded(sequence:)) ?? false
        let fromTheUnit = record.source.map { $0.hasPrefix(unit) } ?? false
        return !caused && !fromTheUnit
    }

    /// Whether the recording holds the record `sequence`.
    private func recorded(sequence: UInt64) -> Bool {
        recordedSequences.contains(sequence)
    }

    /// Reads what the live run has recorded since last time.
    private func catchUp() {
        let (added, next, continues) = store.records(after: mark)
        if continues {
            live.append(contentsOf: added)
        } else {
            live = added
        }
        mark = next
    }

    /// The live notifiers, by URI.
    private var liveNotifiers: [NotifierURI: any ReplayableNotifier] {
        var notifiers: [NotifierURI: any ReplayableNotifier] = [:]
        for notifier in audit.liveNotifiers {
            if let replayable = notifier as? any ReplayableNotifier { notifiers[notifier.inspectedURI] = replayable }
        }
        return notifiers
    }

    /// Stands in for every request notifier outside the unit that the recording sent to and
    /// nobody handles now.
    private func installStandIns() -> String? {
        let requested = Set(recording.filter { $0.variety == .request }.map(\.notifier))
        for (uri, notifier) in liveNotifiers where requested.contains(uri) && !uri.actor.hasPrefix(unit) {
            let replies = recording.filter { $0.notifier == uri }.compactMap(\.reply)
            switch notifier.standIn(replies: replies, answer: { [weak self] in self?.answer(on: uri) }) {
            case .installed(let registration): standIns.append(registration)
            case .handled: break
            case .impossible(let reason):
                return "Replay under \(unit): cannot stand in for '\(uri)': \(reason)."
            }
        }
        return nil
    }

    /// A stand-in's answer to the request just recorded on `uri`: it emits what the recorded
    /// actor sent while handling the recorded request, and returns the recorded reply.
    private func answer(on uri: NotifierURI) -> RecordedValue? {
        catchUp()
        let index = live.count - 1
        guard stopped == nil, index >= 0, index < recording.count, live[index].notifier == uri,
            ReplayDifference(at: index, recording: recording, live: live, unit: unit) == nil
        else { return nil }  // The walk reports the difference once the handler returns.
        let request = recording[index]
        for response in effects[request.sequence] ?? [] where recording[response].source == uri.actor {
            if let problem = send(recording[response], at: response) {
                stopped = problem
                break
            }
        }
        return request.reply
    }

    /// Sends the recorded `record` on the live notifier of its URI; returns why not, if not.
    private func send(_ record: AuditRecord, at index: Int) -> String? {
        let place = "Replay under \(unit): notification \(index + 1) of \(recording.count), \(record),"
        guard let notifier = liveNotifiers[record.notifier] else {
            return "\(place) was not sent by the system, and no live notifier has its URI to send it on."
        }
        switch notifier.replay(record) {
        case .sent: return nil
        case .undecodable(let error): return "\(place) cannot be sent again: \(error)"
        case .notDecodable(let type):
            return "\(place) cannot be sent from the recording: \(type) is not Decodable. Send it in the test "
                + "before the replay reaches it."
        case .unsupported(let reason): return "\(place) cannot be sent again: \(reason)."
        }
    }
}
