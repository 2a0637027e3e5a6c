import BSPCore

/// The path an app takes: requests through ports and observers held through their owners,
/// against what a user would write instead ([weak self] closures) in the same run.
enum OwnershipBenchmarks {
    /// A request through a port, as a ratio of the same request through the notifier; both
    /// handled through their owner, auditing off.
    static func portVersusNotifier(_ configuration: Configuration) -> Double {
        let owner = Sink()
        let sink = Sink()
        let requests = RequestNotifier<Int, Int>(of: "/actor/bench", audit: .disabled)
        requests.handle(by: owner) { owner, value in
            owner.take(value)
            return value
        }
        let port = requests.port
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            [
                { for value in 0..<sends { sink.take((try? port.send(value)) ?? 0) } },
                { for value in 0..<sends { sink.take((try? requests.send(value)) ?? 0) } },
            ])
        withExtendedLifetime(owner) {}
        return median(zip(samples[0], samples[1]).map(/))
    }

    /// A send to one observer held through its owner, as a ratio of a `[weak self]` closure
    /// that does the same; auditing off.
    static func ownerVersusWeakClosures(_ configuration: Configuration) -> Double {
        let owner = Sink()
        let events = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        events.observe(by: owner) { owner, value in owner.take(value) }
        let closures: [(Int) -> Void] = [{ [weak owner] value in owner?.take(value) }]
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            [
                { for value in 0..<sends { events.emit(value) } },
                {
                    for value in 0..<sends {
                        for closure in closures { closure(value) }
                    }
                },
            ])
        withExtendedLifetime(owner) {}
        return median(zip(samples[0], samples[1]).map(/))
    }
}
