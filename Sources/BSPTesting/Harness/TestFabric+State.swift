public import BSPCore

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
        trackedStates[ObjectIdentifier(actor)] = TrackedState(actor)
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
        tracked.accepted = actual
        guard expected != actual else { return }
        TestFailure.record(
            "expectState(of: \(actor.uri.path)) failed: the state differs (− expected, + actual):\n"
                + StructuralDiff.lines(expected: expected, actual: actual).joined(separator: "\n"),
            at: location)
    }

    /// Fails, at the step that made it, each change of a tracked state that no expectation
    /// accounted for, and accepts it.
    func failUnaccountedStateChanges() {
        for tracked in trackedStates.values {
            guard let diff = tracked.unaccountedChange() else { continue }
            TestFailure.record(
                "The state of \(tracked.uri.path) changed and no expectState(of:) accounted for it "
                    + "(− accounted for, + now):\n" + diff.joined(separator: "\n"),
                at: recorder.currentStep)
        }
    }
}

/// A tracked actor's state, as the fabric checks it without knowing its type.
protocol StateCheck: AnyObject {
    /// The actor's URI.
    var uri: ActorURI { get }
    /// The diff from the state last accounted for to the state now, which is then accepted;
    /// `nil` when it has not changed, or the actor has gone.
    func unaccountedChange() -> [String]?
}

/// The state of one tracked actor, held weakly: tracking never keeps an actor alive.
final class TrackedState<Stateful: StatefulActor>: StateCheck {
    let uri: ActorURI
    private weak var actor: Stateful?
    var accepted: Stateful.State

    init(_ actor: Stateful) {
        self.uri = actor.uri
        self.actor = actor
        self.accepted = actor.state
    }

    func unaccountedChange() -> [String]? {
        guard let actor, actor.state != accepted else { return nil }
        defer { accepted = actor.state }
        return StructuralDiff.lines(expected: accepted, actual: actor.state)
    }
}
