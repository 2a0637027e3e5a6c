public import BSPCore

extension TestFabric {
    /// Replays `recording` — a trail kept by a shipped app, or a bug report's — against the
    /// system under test, and fails at the first notification that differs from it.
    ///
    /// ```swift
    /// let recording = try FileAuditStore.read(bugReport).trail
    /// let app = TestFabric { () -> (Peers, Behaviour) in
    ///     let peers = Peers()  // bare notifiers at the real actors' URIs
    ///     return (peers, Behaviour(peers))
    /// }
    /// app.replay(recording, under: "/actor/behaviour") {
    ///     try app.behaviour.start()  // what the test sends itself
    /// }
    /// ```
    ///
    /// The system is driven with what crossed its boundary in the recording, in recorded order:
    ///
    /// - a notification sent from outside any handler — a user's intent, an OS event — is sent
    ///   again on the live notifier of the same URI, decoded from its recorded value; one that
    ///   `start` sent (a scope push, which no recorded value can rebuild) is compared, not sent
    ///   again;
    /// - a request notifier outside `unit` that nobody handles gets a stand-in: on each
    ///   request it emits what the recorded actor sent while handling it and replies with the
    ///   recorded reply.
    ///
    /// Each notification of the run is then compared with the recording's at the same place:
    /// the same notifier, sender, receivers, delivery and cause, and the same value (or, for a
    /// notification without one, text). The first that differs fails the test at the calling
    /// line, with both transcripts side by side around it and a structural diff of the values;
    /// a recorded value that no longer decodes — a recording made by an older build — fails
    /// the same way, naming the notification and why. The reply to a bi-way request is
    /// compared too, where the recording kept one: a handler in the unit that now answers
    /// otherwise fails the replay at that request, even when the run goes on the same way.
    ///
    /// A fabric's own store keeps replies as a shipped app's does, so a run recorded in a test
    /// (`app.store.trail`) can be replayed, its bi-way requests stood in for, like any other.
    ///
    /// This replay is synchronous: it drives event and request notifiers and queues, and takes
    /// time from the recording's order alone. To replay the time between notifications too,
    /// through a test clock, use ``replay(_:under:advancing:tolerance:fileID:filePath:line:column:startingWith:)``.
    ///
    /// - Parameters:
    ///   - recording: The run to replay, oldest record first.
    ///   - unit: The actor, or the root of the scope subtree, under test: request notifiers of
    ///     actors outside it are stood in for, and its own are left to the system.
    ///   - fileID: The calling file, where a difference is reported.
    ///   - filePath: The calling file's path.
    ///   - line: The calling line.
    ///   - column: The calling column.
    ///   - start: What the test sends itself, once the stand-ins are in place: the recording's
    ///     first notifications, where no recorded value can rebuild them.
    public func replay(
        _ recording: AuditTrail, under unit: ActorURI,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        startingWith start: () throws -> Void = {}
    ) {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = ReplaySession(recording: recording, unit: unit, audit: audit, recorder: recorder)
        if let failure = session.run(startingWith: start) {
            TestFailure.record(failure, at: location)
        }
    }

    /// Replays `recording` as ``replay(_:under:fileID:filePath:line:column:startingWith:)``
    /// does, and its timing too: `clock`, the fabric's, is advanced to the time of each
    /// notification the system has not sent yet, and each notification must be sent within
    /// `tolerance` of its recorded time.
    ///
    /// So a timer of the system under test, sleeping on `clock`, fires where it fired in the
    /// recording — before the next tap, or after it — and one that fires early or late fails
    /// the replay, naming both times:
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let app = try TestFabric(clock: clock) { try TamagotchiApp(clock: clock) }
    /// await app.replay(recording, under: ClockService.uri, advancing: clock) {
    ///     app.behaviour.start(tickEvery: .seconds(1))
    /// }
    /// ```
    ///
    /// Times count from when each context was made: the recording's and the fabric's, which
    /// must have been made with `clock` (`TestFabric(clock:)`), or the replay fails saying so.
    /// A recording keeps time when its context was given a clock (see
    /// `AuditContext.init(store:causeTracking:clock:onFault:)`); a recorded notification
    /// without a time is replayed by order alone. A trail recorded on a real clock has the
    /// jitter of a real run: give the replay a `tolerance` of that size. A notification sent
    /// from outside is then sent as early as the tolerance allows, and one the system sends is
    /// waited for until it has passed.
    ///
    /// While a timer of the system sleeps on the clock, the clock is advanced to that timer at
    /// most, so that what the timer sends is compared before the clock moves on. A notification
    /// that, at the pace the timers let the clock go, would take more than 100,000 steps to
    /// reach — recorded at a time no run reaches, such as `Int64.max` nanoseconds — fails the
    /// replay, naming it. The limit is counted in steps, not in real time, so that a busy
    /// machine never changes the verdict.
    ///
    /// - Parameters:
    ///   - recording: The run to replay, oldest record first.
    ///   - unit: The actor, or the root of the scope subtree, under test.
    ///   - clock: The fabric's clock, which the system under test sleeps on.
    ///   - tolerance: How far from its recorded time a notification may be sent.
    ///   - fileID: The calling file, where a difference is reported.
    ///   - filePath: The calling file's path.
    ///   - line: The calling line.
    ///   - column: The calling column.
    ///   - start: What the test sends itself, once the stand-ins are in place.
    nonisolated(nonsending) public func replay(
        _ recording: AuditTrail, under unit: ActorURI, advancing clock: ManualClock, tolerance: Duration = .zero,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        startingWith start: () throws -> Void = {}
    ) async {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        guard self.clock === clock else {
            return TestFailure.record(
                "Replay under \(unit): the fabric keeps no time on this clock; make it with TestFabric(clock: clock).",
                at: location)
        }
        let session = ReplaySession(recording: recording, unit: unit, audit: audit, recorder: recorder)
        if let failure = await session.run(startingWith: start, advancing: clock, tolerance: max(.zero, tolerance)) {
            TestFailure.record(failure, at: location)
        }
    }
}
