@_spi(Inspection) public import BSPCore

/// The system a fabric holds, in a box it can empty when it is released.
private final class HeldSystem<System> {
    var system: System?
    init(_ system: System) { self.system = system }
}

/// A system under test, built in an audit context of its own, with the three steps of the BSP
/// test procedure: exercise its input notifiers, record what happened, match the transcript.
///
/// ```swift
/// @Test func tappingTheButtonPresentsTheLocation() throws {
///     let app = try TestFabric { try LocationApp(locate: { "Sydney" }) }
///
///     app.exercise(app.presentation.events, .showLocationRequested)    // 1. exercise
///
///     app.expect(inOrder: [                                            // 2. record, 3. match
///         "/actor/service/notifier/request <request>: resolveLocation",
///         "/actor/presentation/notifier/request <request>: present(",
///     ])
///     app.expectNothingElse(in: .under("/actor/presentation"))
/// }
/// ```
///
/// Expectations that match lines — `contains`, `inOrder`, `exactly`, `count` — look only at
/// lines no earlier expectation accounted for, and account for the lines they match, so a test
/// can go step by step, and ``expectNothingElse(in:fileID:filePath:line:column:)`` can check
/// that every line of interest was expected. A failure is reported at the calling line, into
/// Swift Testing or XCTest, with the transcript and each expectation marked against it.
///
/// Build the actors inside the closure, so their notifiers report to this fabric alone: tests
/// running in parallel never see each other's notifications. The context follows causes
/// across tasks (`AuditContext.CauseTracking.acrossTasks`), so what a task started by a
/// handler sends names that handler's notification as its cause. When the fabric is released at
/// the end of the test, any notification that still arrives is reported as a failure naming
/// its notifier, and so is an actor that its own observer or handler keeps alive — the
/// handler captures the actor strongly, so it would outlive the app — as RIBs' leak detector
/// finds a RIB that outlives its detachment. Keep the fabric for as long as the test uses the
/// system.
@dynamicMemberLookup
public final class TestFabric<System> {
    /// The system under test, as the build closure returned it.
    public var system: System {
        guard let system = held.system else { preconditionFailure("A fabric's system is released with the fabric.") }
        return system
    }

    /// The system, let go of when the fabric is released, to find what outlives it.
    private let held: HeldSystem<System>

    /// The context the system's notifiers report to.
    public let audit: AuditContext

    /// The records of every notification of the system, most recent `capacity` of them.
    public var store: InMemoryAuditStore { recorder.store }

    let recorder: TestRecorder
    private let redactions: [Redaction]
    /// The sequence numbers of the lines expectations have accounted for.
    var accounted = AccountedSequences()
    /// The actors whose state the test tracks, with the state last accounted for.
    var trackedStates: [ObjectIdentifier: any StateCheck] = [:]
    /// How many `withoutExhaustivity` blocks are running: inside one, state changes are accepted.
    var exhaustivityOff = 0
    /// The sequence number of the last line of the arrangement, once ``acceptArrangement()``
    /// has accepted it.
    var arrangementEnd: UInt64?
    /// The prefixes under which every notification must be accounted for by the end.
    let exhaustivePrefixes: [ActorURI]
    /// The test clock whose time each record keeps, if the fabric was given one.
    let clock: ManualClock?
    /// Whether ``finish(timeout:fileID:filePath:line:column:)`` has run its checks.
    var isFinished = false
    /// The transcript so far, extended as records arrive rather than rendered anew each time.
    private var rendered = Transcript([])
    /// How far into the store ``rendered`` reaches.
    private var transcriptMark = InMemoryAuditStore.RecordMark()

    /// Builds the system under test in an audit context of its own.
    ///
    /// - Parameters:
    ///   - capacity: How many notifications to keep. Past it the oldest are dropped, and a
    ///     check that needs them — `expect(none:)`, an exhaustive one, a count — fails, naming
    ///     how many; the arrangement accepted before them needs none.
    ///   - redactions: Rules applied to every transcript line, such as ``Redaction/uuids``.
    ///   - exhaustivePrefixes: Actors whose every notification, with those of the actors below
    ///     them, an expectation must account for by the end of the test; see
    ///     ``finish(timeout:fileID:filePath:line:column:)``.
    ///   - clock: The test clock the system sleeps on, if any: each record then keeps its time
    ///     on it, which a replay with that clock compares with the recording's; see
    ///     ``replay(_:under:advancing:tolerance:fileID:filePath:line:column:startingWith:)``.
    ///   - fileID: The calling file, where a notification arriving after the test ended is
    ///     reported.
    ///   - filePath: The calling file's path, for XCTest.
    ///   - line: The calling line.
    ///   - column: The calling column.
    ///   - build: Creates the system's actors. Their notifiers report to this fabric.
    /// - Throws: Whatever `build` throws.
    public init<Failure: Error>(
        capacity: Int = 100_000,
        redacting redactions: [Redaction] = [],
        exhaustive exhaustivePrefixes: [ActorURI] = [],
        clock: ManualClock? = nil,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ build: () throws(Failure) -> System
    ) throws(Failure) {
        let origin = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = TestRecorder(capacity: capacity, origin: origin, clock: clock)
        // A test values complete causes over the cost per delivery of following them.
        let audit = AuditContext(store: recorder, causeTracking: .acrossTasks, clock: clock) { fault in
            recorder.recordFault(fault)
        }
        self.clock = clock
        self.held = HeldSystem(try audit.withCurrent(build))
        self.recorder = recorder
        self.audit = audit
        self.redactions = redactions
        self.exhaustivePrefixes = exhaustivePrefixes
    }

    deinit {
        if !isFinished {
            check(at: recorder.origin, releasedWithoutFinish: true)
        }
        held.system = nil
        failActorsKeptAliveByTheirOwnHandlers()
        recorder.testDidEnd()
    }

    /// A member of the system under test.
    public subscript<Member>(dynamicMember keyPath: KeyPath<System, Member>) -> Member {
        system[keyPath: keyPath]
    }

    // MARK: 1. Exercise

    /// Emits `event` on an event notifier the system observes, as its source would.
    ///
    /// The emitted event is the test's own input, so its line counts as accounted for.
    public func exercise<Event>(
        _ notifier: EventNotifier<Event>, _ event: Event,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let step = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        accountForInput(on: notifier.uri, at: step) { notifier.emit(event) }
    }

    /// Sends `request` to one of the system's single-way request notifiers.
    ///
    /// The request is the test's own input, so its line counts as accounted for.
    public func exercise<Request>(
        _ notifier: RequestNotifier<Request, Void>, _ request: Request,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        exercise(notifier.port, request, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `request` to one of the system's bi-way request notifiers and returns the reply.
    ///
    /// The request is the test's own input, so its line counts as accounted for.
    ///
    /// - Throws: `NotifierError` when the request is not delivered.
    @discardableResult
    public func exercise<Request, Reply>(
        _ notifier: RequestNotifier<Request, Reply>,
        _ request: Request,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(NotifierError) -> Reply {
        try exercise(notifier.port, request, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `request` through a port of one of the system's single-way request notifiers.
    ///
    /// The request is the test's own input, so its line counts as accounted for.
    public func exercise<Request>(
        _ port: RequestPort<Request, Void>, _ request: Request,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let step = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        accountForInput(on: port.uri, at: step) { port.send(request) }
    }

    /// Sends `request` through a port of one of the system's bi-way request notifiers and
    /// returns the reply.
    ///
    /// The request is the test's own input, so its line counts as accounted for.
    ///
    /// - Throws: `NotifierError` when the request is not delivered.
    @discardableResult
    public func exercise<Request, Reply>(
        _ port: RequestPort<Request, Reply>,
        _ request: Request,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(NotifierError) -> Reply {
        let step = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        return try accountForInput(on: port.uri, at: step) { () throws(NotifierError) in try port.send(request) }
    }

    /// Runs one exercise as a step of the test: faults an earlier step left unclaimed fail the
    /// test first, and the faults that arise now belong to this step.
    private func accountForInput<Result, Failure: Error>(
        on notifier: NotifierURI,
        at step: SourceContext,
        _ send: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        failUnclaimedFaults()
        failUnaccountedStateChanges(at: step)
        recorder.beginStep(at: step)
        let before = store.mark
        defer {
            trackedStepDidEnd()
            let (sent, _, _) = store.records(after: before)
            if let input = sent.first(where: { $0.depth == 0 && $0.notifier == notifier }) {
                accounted.insert(input.sequence)
            }
        }
        return try send()
    }

    // MARK: 2. Record

    /// Every notification recorded so far, redacted.
    public var transcript: Transcript {
        let (added, mark, continues) = store.records(after: transcriptMark)
        transcriptMark = mark
        rendered =
            continues ? rendered.appending(added, redactions: redactions) : Transcript(added, redactions: redactions)
        return rendered
    }

    /// Every fault reported so far — requests nobody handled, runaway cycles, failed queued
    /// scope transitions — whether or not an expectation has claimed it. Reading them claims
    /// nothing: use ``claimFaults()`` or
    /// ``expectFault(_:fileID:filePath:line:column:)``.
    public var faults: [any Error] {
        recorder.faults
    }

    /// The faults of one type reported so far, such as `NotifierError`.
    public func faults<Fault: Error>(of type: Fault.Type) -> [Fault] {
        faults.compactMap { $0 as? Fault }
    }

    // MARK: 3. Match

    /// Expects each substring in exactly one line not yet accounted for, in any order.
    public func expect(
        contains expected: [String],
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let lines = unaccountedLines(in: filter)
        let results = TranscriptMatcher.contains(expected, in: lines)
        conclude(
            MatchReport(title: "expect(contains:)", filter: filter, results: results, unexpected: []),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the substrings in lines not yet accounted for, in this order, with any lines
    /// between them.
    public func expect(
        inOrder expected: [String],
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let results = TranscriptMatcher.inOrder(expected, in: unaccountedLines(in: filter))
        conclude(
            MatchReport(title: "expect(inOrder:)", filter: filter, results: results, unexpected: []),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the lines not yet accounted for to be exactly these, one substring per line, in
    /// order: every line accounted for.
    public func expect(
        exactly expected: [String],
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let lines = unaccountedLines(in: filter)
        // Checked line by line first: the report of a long passing transcript would copy each
        // line into a result only to account for it.
        if TranscriptMatcher.allMatch(expected, lines), droppedUnaccounted(in: filter) == 0 {
            for index in lines.indices {
                accounted.insert(lines[index].sequence)
            }
            return
        }
        let (results, extra) = TranscriptMatcher.exactly(expected, in: lines)
        conclude(
            MatchReport(title: "expect(exactly:)", filter: filter, results: results, unexpected: extra),
            needing: .unaccounted, at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects no line at all to contain any of the substrings.
    public func expect(
        none forbidden: [String],
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let results = TranscriptMatcher.none(forbidden, in: transcript.lines(in: filter))
        conclude(
            MatchReport(title: "expect(none:)", filter: filter, results: results, unexpected: []),
            needing: .all, at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects exactly `count` lines not yet accounted for to contain `text`, and accounts for them.
    public func expect(
        count: Int,
        of text: String,
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let lines = unaccountedLines(in: filter)
        let result = TranscriptMatcher.count(count, of: text, in: lines)
        let report = MatchReport(
            title: "expect(count: \(count), of:)", filter: filter, results: [result], unexpected: [])
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        if conclude(report, needing: .unaccounted, at: location) {
            accounted.formUnion(lines.filter { TextSearch.contains($0.text, text) }.map(\.sequence))
        }
    }

    /// Expects every line the filter keeps to have been accounted for by an earlier
    /// expectation: nothing else happened there.
    ///
    /// Be strict where it matters and ignore the rest:
    ///
    /// ```swift
    /// app.expectNothingElse(in: .under("/actor/presentation"))
    /// app.expectNothingElse(in: TranscriptFilter.all.ignoring("/actor/service/analytics"))
    /// ```
    public func expectNothingElse(
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let report = MatchReport(
            title: "expectNothingElse()", filter: filter, results: [], unexpected: unaccountedLines(in: filter))
        conclude(
            report, needing: .unaccounted,
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Whether `expect(inOrder:)` would pass now, without reporting or accounting.
    func wouldPass(inOrder expected: [String], in filter: TranscriptFilter) -> Bool {
        TranscriptMatcher.inOrder(expected, in: unaccountedLines(in: filter)).allSatisfy(\.isSatisfied)
    }

    /// Whether `expect(count:of:)` would pass now, without reporting or accounting.
    func wouldPass(count: Int, of text: String, in filter: TranscriptFilter) -> Bool {
        TranscriptMatcher.count(count, of: text, in: unaccountedLines(in: filter)).isSatisfied
    }

    /// Accounts for `lines` without an expectation: the arrangement, or what a block recorded
    /// with exhaustivity off.
    func accept(_ lines: some Sequence<TranscriptLine>) {
        for line in lines {
            accounted.insert(line.sequence)
        }
    }

    func unaccountedLines(in filter: TranscriptFilter) -> [TranscriptLine] {
        let lines = transcript.lines(in: filter)
        return accounted.isEmpty ? lines : lines.filter { !accounted.contains($0.sequence) }
    }

    /// Reports a failed expectation, or accounts for the lines a passing one matched. One that
    /// needed records the fabric dropped fails, naming how many.
    @discardableResult
    func conclude(_ report: MatchReport, needing needed: RecordsNeeded = .matched, at location: SourceContext) -> Bool {
        var report = report
        if store.droppedCount > 0 {
            report.dropped = (store.droppedCount, store.capacity)
            switch needed {
            case .matched: break
            case .unaccounted: report.unseen = droppedUnaccounted(in: report.filter)
            case .all: report.unseen = dropped(in: report.filter)
            }
        }
        guard report.passed else {
            TestFailure.record(
                FailureMessage.render(report, transcript: transcript, arrangementEnd: arrangementEnd), at: location)
            return false
        }
        // Straight from the results: building the list of matched lines first copies each one.
        for result in report.results {
            if case .matched(let line) = result.outcome, line.index >= 0 {
                accounted.insert(line.sequence)
            }
        }
        return true
    }
}
