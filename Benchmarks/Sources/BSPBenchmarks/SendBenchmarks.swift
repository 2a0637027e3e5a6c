import BSPCore

/// A notifier send, and the same closures called from a plain array: the limit.
enum SendBenchmarks {
    static func closures(observers: Int, _ configuration: Configuration) -> Double {
        let sink = Sink()
        let closures: [(Int) -> Void] = (0..<observers).map { _ in { sink.take($0) } }
        let sends = configuration.sends
        return nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                for closure in closures {
                    closure(value)
                }
            }
        }
    }

    static func notifier(observers: Int, audited: Bool, _ configuration: Configuration) -> Double {
        let (notifier, tokens) = makeNotifier(observers: observers, audited: audited)
        let sends = configuration.sends
        defer { withExtendedLifetime(tokens) {} }
        return nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                notifier.emit(value)
            }
        }
    }

    static func allocations(observers: Int, _ configuration: Configuration) -> Double? {
        let (notifier, tokens) = makeNotifier(observers: observers, audited: false)
        let sends = configuration.sends / 10
        defer { withExtendedLifetime(tokens) {} }
        return allocationsPerOperation(operations: sends) {
            for value in 0..<sends {
                notifier.emit(value)
            }
        }
    }

    /// A request with a synchronous reply, and the same handler called directly.
    static func request(_ configuration: Configuration) -> (bsp: Double, direct: Double) {
        let owner = Sink()
        let requests = RequestNotifier<Int, Int>(of: "/actor/bench", audit: .disabled)
        try? requests.handle(by: owner) { _, value in value &+ 1 }
        let handler: (Int) -> Int = { $0 &+ 1 }
        let sink = Sink()
        let sends = configuration.sends
        // The handler lives as long as its owner: keep the owner alive for the whole run.
        let bsp = withExtendedLifetime(owner) {
            nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
                for value in 0..<sends {
                    sink.take((try? requests.send(value)) ?? 0)
                }
            }
        }
        let direct = nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                sink.take(handler(value))
            }
        }
        return (bsp, direct)
    }

    private static func makeNotifier(observers: Int, audited: Bool) -> (EventNotifier<Int>, [ObservationToken]) {
        let audit = audited ? AuditContext(store: InMemoryAuditStore(capacity: 10_000)) : AuditContext.disabled
        let notifier = EventNotifier<Int>(of: "/actor/bench", audit: audit)
        let sink = Sink()
        let tokens = (0..<observers).map { _ in notifier.observe { sink.take($0) } }
        return (notifier, tokens)
    }
}
