@_spi(Inspection) public import BSPCore

extension TestFabric {
    /// Tracks the state of `actor` from now on: its state now is accepted, and every change
    /// after it must be accounted for by ``expectState(of:_:fileID:filePath:line:column:)``
    /// before the next exercise or the end of the test, or the test fails at the step that
    /// made the change, showing what changed.
    ///
    /// ```swift
    /// app.trackState(of: app.meeting)
    /// app.exercise(app.clock.events, .tick)
    /// app.expectState(of: app.meeting) { $0.secondsElapsed = 1 }
    /// ```
    ///
    /// A change is reported at the exercise that made it, or at the clock advance that made it
    /// when the fabric was given the clock (`TestFabric(clock:)`). A scope's state is also read
    /// as it deactivates, so a scope that changes its state and dismisses itself in one step
    /// is still checked; an actor of another kind that is released is no longer checked.
    ///
    /// This is `TestStore`'s exhaustive state, kept opt-in: BSP keeps state inside actors, and
    /// most tests check what actors say rather than what they hold.
    ///
    /// The state must be a value all the way down: a state that holds an object shares it with
    /// every snapshot, so no change made through the object could be seen. Tracking one fails,
    /// naming where the object is.
    public func trackState<Stateful: StatefulActor>(
        of actor: Stateful,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        if let path = SharedReference.path(in: actor.state, named: "\(Stateful.State.self)") {
            return TestFailure.record(
                "trackState(of: \(actor.uri.path)): its state holds an object, at \(path), which every snapshot "
                    + "of the state shares, so no change made through it could be seen. Make the state a value "
                    + "all the way down, or expose a value made from the object.",
                at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        trackedStates[ObjectIdentifier(actor)] = TrackedState(actor, advancesSeen: clock?.advanceCount ?? 0)
    }

    /// Expects the state of `actor` to be the state last accounted for, changed by `change`,
    /// and accounts for it: the test fails with what differs when it is not.
    public func expectState<Stateful: StatefulActor>(
        of actor: Stateful,
        _ change: (inout Stateful.State) -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let tracked = trackedStates[ObjectIdentifier(actor)] as? TrackedState<Stateful> else {
            TestFailure.record(
                "expectState(of: \(actor.uri.path)): its state is not tracked; call trackState(of:) first.",
                at: location)
            return
        }
        var expected = tracked.accepted
        change(&expected)
        let actual = actor.state
        tracked.accept(actual)
        tracked.advancesSeen = clock?.advanceCount ?? 0
        guard expected != actual else { return }
        TestFailure.record(
            "expectState(of: \(actor.uri.path)) failed: the state differs (− expected, + actual):\n"
                + StructuralDiff.lines(expected: expected, actual: actual).joined(separator: "\n"),
            at: location)
    }

    /// Fails, at the step that made it, each change of a tracked state that no expectation
    /// accounted for, and accepts it: a change seen when the last step ended is reported at
    /// that step; one made after it, at the clock advance that made it, if the fabric's clock
    /// was advanced since, else at `location`, where the fabric looked.
    func failUnaccountedStateChanges(at location: SourceContext) {
        guard exhaustivityOff == 0 else { return acceptTrackedStates() }
        let step = recorder.currentStep
        for tracked in trackedStates.values {
            let (duringStep, afterStep) = tracked.unaccountedChanges()
            if let diff = duringStep {
                TestFailure.record(Self.unaccounted(tracked.uri, diff), at: step)
            }
            guard let diff = afterStep else { continue }
            let advances = clock?.advances(after: tracked.advancesSeen) ?? []
            guard let advance = advances.first else {
                TestFailure.record(
                    Self.unaccounted(tracked.uri, diff, when: " after the step at \(step.fileID):\(step.line) ended"),
                    at: location)
                continue
            }
            let lines = advances.map { "\($0.line)" }.joined(separator: ", ")
            let when =
                advances.count == 1
                ? " while the clock advanced" : " while the clock advanced (at lines \(lines) of \(advance.fileID))"
            TestFailure.record(Self.unaccounted(tracked.uri, diff, when: when), at: advance)
        }
        let advances = clock?.advanceCount ?? 0
        for tracked in trackedStates.values {
            tracked.advancesSeen = advances
        }
    }

    /// Notes, as a step ends, the state each tracked actor has: a change found later is then
    /// reported at this step if it was already there.
    func trackedStepDidEnd() {
        let advances = clock?.advanceCount ?? 0
        for tracked in trackedStates.values {
            tracked.stepDidEnd(advancesSeen: advances)
        }
    }

    /// Accepts the state each tracked actor has now, whatever changed.
    func acceptTrackedStates() {
        let advances = clock?.advanceCount ?? 0
        for tracked in trackedStates.values {
            tracked.acceptCurrent(advancesSeen: advances)
        }
    }

    private static func unaccounted(_ uri: ActorURI, _ diff: [String], when: String = "") -> String {
        "The state of \(uri.path) changed\(when) and no expectState(of:) accounted for it (− accounted for, + now):\n"
            + diff.joined(separator: "\n")
    }
}

/// A tracked actor's state, as the fabric checks it without knowing its type.
protocol StateCheck: AnyObject {
    /// The actor's URI.
    var uri: ActorURI { get }
    /// How many times the fabric's clock had been advanced when the state was last looked at.
    var advancesSeen: Int { get set }
    /// Notes the state as the step that ran ends.
    func stepDidEnd(advancesSeen: Int)
    /// Accepts the state now as accounted for.
    func acceptCurrent(advancesSeen: Int)
    /// The diffs from the state last accounted for to the state the last step ended with, and
    /// from that to the state now, each `nil` when nothing changed; the state now is then
    /// accepted.
    func unaccountedChanges() -> (duringStep: [String]?, afterStep: [String]?)
}

/// The state of one tracked actor, held weakly: tracking never keeps an actor alive. A scope's
/// state is also read as it deactivates, so that a change made in the step that pops it, and
/// releases it, is still seen.
final class TrackedState<Stateful: StatefulActor>: StateCheck {
    let uri: ActorURI
    private weak var actor: Stateful?
    /// The state last accounted for.
    var accepted: Stateful.State
    /// The state when the last step ended, until it is compared.
    private var atStepEnd: Stateful.State?
    /// The state a scope had when it deactivated.
    private var atDeactivation: Stateful.State?
    var advancesSeen: Int

    init(_ actor: Stateful, advancesSeen: Int) {
        self.uri = actor.uri
        self.actor = actor
        self.accepted = actor.state
        self.advancesSeen = advancesSeen
        (actor as? any Scope)?.lifecycle.watchDeactivation { [weak self, weak actor] in
            guard let self, let actor else { return }
            self.atDeactivation = actor.state
        }
    }

    /// The state now: the actor's, or the last it had, if it was a scope that has gone.
    var current: Stateful.State? {
        actor?.state ?? atDeactivation
    }

    /// Accepts `state` as accounted for: nothing before it is left to compare.
    func accept(_ state: Stateful.State) {
        accepted = state
        atStepEnd = nil
    }

    func stepDidEnd(advancesSeen: Int) {
        atStepEnd = current
        self.advancesSeen = advancesSeen
    }

    func acceptCurrent(advancesSeen: Int) {
        if let current { accept(current) }
        self.advancesSeen = advancesSeen
    }

    func unaccountedChanges() -> (duringStep: [String]?, afterStep: [String]?) {
        guard let now = current else { return (nil, nil) }
        var duringStep: [String]?
        if let atStepEnd, atStepEnd != accepted {
            duringStep = StructuralDiff.lines(expected: accepted, actual: atStepEnd)
            accepted = atStepEnd
        }
        atStepEnd = nil
        guard now != accepted else { return (duringStep, nil) }
        defer { accepted = now }
        return (duringStep, StructuralDiff.lines(expected: accepted, actual: now))
    }
}
