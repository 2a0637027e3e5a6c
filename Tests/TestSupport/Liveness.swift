public import Testing

/// How long a test waits for something that must happen before it calls it a hang: two
/// minutes, because under a sanitizer, with the whole suite running in parallel on two cores, a
/// task may wait tens of seconds for a thread. Waits that must end (`finish(timeout:)` of a
/// system that settles, `completes(within:)`) take this bound rather than a figure of their own.
public let livenessBound: Duration = .seconds(120)

/// Runs `body` and returns what it returns, or records an issue naming `what` and returns
/// `nil` if it has not returned after `limit`: a wait that never ends fails the test cleanly,
/// with a message, instead of hanging the run.
///
/// `body` runs in a task of its own, which is cancelled and left behind when it overruns: a
/// task group would wait for it. The bound is generous (``livenessBound``); a wait that never
/// ends still fails.
public func completes<Value: Sendable>(
    within limit: Duration = livenessBound,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async -> Value
) async -> Value? {
    let outcome = Outcome<Value>()
    let task = Task {
        await outcome.set(body())
    }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if let value = await outcome.value { return value }
        try? await Task.sleep(for: .milliseconds(1))
    }
    if let value = await outcome.value { return value }
    task.cancel()
    Issue.record("Liveness: \(what) had not happened after \(limit).", sourceLocation: sourceLocation)
    return nil
}

/// What a task returned, once it has.
private actor Outcome<Value: Sendable> {
    private(set) var value: Value?
    func set(_ value: Value) { self.value = value }
}
