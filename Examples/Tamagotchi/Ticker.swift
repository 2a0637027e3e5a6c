/// A source of ticks for the clock service: a real timer in the app, a hand-driven one in tests.
@MainActor
protocol Ticker: AnyObject {
    /// Starts calling `tick` every `interval` until ``stop()``.
    func start(every interval: Duration, tick: @escaping @MainActor () -> Void)
    /// Stops ticking.
    func stop()
}

/// Ticks on a real clock, on the main actor.
@MainActor
final class TaskTicker: Ticker {
    private var task: Task<Void, Never>?

    func start(every interval: Duration, tick: @escaping @MainActor () -> Void) {
        task?.cancel()
        task = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                tick()
            }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }
}
