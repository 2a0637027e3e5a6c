import BSPCore

/// Whether a benchmarked notifier audits, and how far it follows causes.
enum Auditing {
    case off
    case on(AuditContext.CauseTracking)

    /// A fresh context: auditing into an in-memory store, or none.
    func context() -> AuditContext {
        switch self {
        case .off: .disabled
        case .on(let causeTracking):
            AuditContext(store: InMemoryAuditStore(capacity: 10_000), causeTracking: causeTracking)
        }
    }
}

/// The figures of a send, each the median over the rounds of one interleaved run.
struct SendFigures {
    /// The same closures called from a plain array: the limit.
    var closures: Double
    /// A send, auditing off.
    var off: Double
    /// A send, auditing into an in-memory store.
    var audited: Double
    /// The same, following causes across tasks.
    var auditedAcrossTasks: Double
    /// Auditing's cost per send, `audited - off`, round by round.
    var auditOverhead: Double
    /// Following causes across tasks: `auditedAcrossTasks - off`, round by round.
    var acrossTasksOverhead: Double
    /// `off / closures`, round by round.
    var vsClosures: Double
}

/// A notifier send, and the same closures called from a plain array: the limit.
enum SendBenchmarks {
    /// The closures, and a send with auditing off, on, and following causes across tasks,
    /// measured in turn round after round.
    static func sends(observers: Int, _ configuration: Configuration) -> SendFigures {
        let sink = Sink()
        let closures: [(Int) -> Void] = (0..<observers).map { _ in { sink.take($0) } }
        let notifiers = [Auditing.off, .on(.synchronous), .on(.acrossTasks)].map {
            makeNotifier(observers: observers, auditing: $0)
        }
        let sends = configuration.sends
        let callClosures = {
            for value in 0..<sends {
                for closure in closures {
                    closure(value)
                }
            }
        }
        let emits = notifiers.map { notifier, _ in
            {
                for value in 0..<sends {
                    notifier.emit(value)
                }
            }
        }
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions, [callClosures] + emits)
        withExtendedLifetime(notifiers) {}
        let (limit, off, audited, acrossTasks) = (samples[0], samples[1], samples[2], samples[3])
        return SendFigures(
            closures: median(limit), off: median(off), audited: median(audited),
            auditedAcrossTasks: median(acrossTasks),
            auditOverhead: median(zip(audited, off).map(-)),
            acrossTasksOverhead: median(zip(acrossTasks, off).map(-)),
            vsClosures: median(zip(off, limit).map(/)))
    }

    /// How a handler or an observer is kept: by a token (`handle { }`, `observe { }`) or through
    /// its owner, held weakly (`handle(by:)`, `observe(by:)`).
    enum Holding {
        case token, owner
    }

    /// A request with a synchronous reply and an event send to one observer, auditing off,
    /// measured in turn round after round: the request's cost as a multiple of the event's,
    /// with the request's handler and the event's observer each kept as given.
    static func requestVersusSend(request: Holding, observer: Holding, _ configuration: Configuration) -> Double {
        let owner = Sink()
        let sink = Sink()
        let requests = RequestNotifier<Int, Int>(of: "/actor/bench", audit: .disabled)
        let events = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        var tokens: [Registration] = []
        switch request {
        case .token:
            tokens.append(
                requests.handle { value in
                    sink.take(value)
                    return value
                })
        case .owner:
            requests.handle(by: owner) { owner, value in
                owner.take(value)
                return value
            }
        }
        switch observer {
        case .token: tokens.append(events.observe { sink.take($0) })
        case .owner: events.observe(by: owner) { owner, value in owner.take(value) }
        }
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            [
                { for value in 0..<sends { sink.take((try? requests.send(value)) ?? 0) } },
                { for value in 0..<sends { events.emit(value) } },
            ])
        withExtendedLifetime((owner, tokens)) {}
        return median(zip(samples[0], samples[1]).map(/))
    }

    /// A send to ten observers held through their owners, each naming its actor: auditing off,
    /// and auditing's cost (audited minus off, round by round).
    static func namedObservers(_ configuration: Configuration) -> (off: Double, auditOverhead: Double) {
        let observers = NamedObserver.some(10)
        let notifiers = [Auditing.off, .on(.synchronous)].map { auditing in
            NamedObserver.notifier(observedBy: observers, audit: auditing.context())
        }
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            notifiers.map { notifier in { for value in 0..<sends { notifier.emit(value) } } })
        withExtendedLifetime(observers) {}
        return (median(samples[0]), median(zip(samples[1], samples[0]).map(-)))
    }

    /// An actor observing a notifier under its own name.
    final class NamedObserver: BSPActor {
        let uri: ActorURI
        let lifetime = ActorLifetime()
        let sink = Sink()
        init(uri: ActorURI) { self.uri = uri }

        /// `count` observers, each named by an actor URI of its own.
        static func some(_ count: Int) -> [NamedObserver] {
            (0..<count).map { NamedObserver(uri: try! ActorURI(validating: "/actor/observer\($0)")) }
        }

        /// A notifier that each of `observers` observes through itself.
        static func notifier(observedBy observers: some Sequence<NamedObserver>, audit: AuditContext)
            -> EventNotifier<Int>
        {
            let notifier = EventNotifier<Int>(of: "/actor/bench", audit: audit)
            for observer in observers {
                notifier.observe(by: observer) { observer, value in observer.sink.take(value) }
            }
            return notifier
        }
    }

    static func allocations(observers: Int, _ configuration: Configuration) -> Double? {
        let (notifier, tokens) = makeNotifier(observers: observers, auditing: .off)
        let sends = configuration.sends / 10
        defer { withExtendedLifetime(tokens) {} }
        return allocationsPerOperation(operations: sends) {
            for value in 0..<sends {
                notifier.emit(value)
            }
        }
    }

    /// A request with a synchronous reply, auditing off and on, and the same handler called
    /// directly.
    static func request(_ configuration: Configuration) -> (bsp: Double, audited: Double, direct: Double) {
        let bsp = request(auditing: .off, configuration)
        let audited = request(auditing: .on(.synchronous), configuration)
        let handler: (Int) -> Int = { $0 &+ 1 }
        let sink = Sink()
        let sends = configuration.sends
        let direct = nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                sink.take(handler(value))
            }
        }
        return (bsp, audited, direct)
    }

    /// A reply the trail cannot keep as a value: its type is not `Codable`.
    struct Opaque {
        let value: Int
    }

    /// A request whose reply is not `Codable`, audited: what the trail's values cost a
    /// request that has none, against ``request(_:)``'s audited one, whose `Int` reply is kept.
    static func auditedRequestWithOpaqueReply(_ configuration: Configuration) -> Double {
        let owner = Sink()
        let requests = RequestNotifier<Int, Opaque>(of: "/actor/bench", audit: Auditing.on(.synchronous).context())
        requests.handle(by: owner) { _, value in Opaque(value: value &+ 1) }
        return measure(requests, owner: owner, configuration) { $0.value }
    }

    private static func request(auditing: Auditing, _ configuration: Configuration) -> Double {
        let owner = Sink()
        let requests = RequestNotifier<Int, Int>(of: "/actor/bench", audit: auditing.context())
        requests.handle(by: owner) { _, value in value &+ 1 }
        return measure(requests, owner: owner, configuration) { $0 }
    }

    private static func measure<Reply>(
        _ requests: RequestNotifier<Int, Reply>, owner: Sink, _ configuration: Configuration, _ take: (Reply) -> Int
    ) -> Double {
        let sink = Sink()
        let sends = configuration.sends
        // The handler lives as long as its owner: keep the owner alive for the whole run.
        return withExtendedLifetime(owner) {
            nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
                for value in 0..<sends {
                    sink.take((try? requests.send(value)).map(take) ?? 0)
                }
            }
        }
    }

    private static func makeNotifier(observers: Int, auditing: Auditing) -> (EventNotifier<Int>, [Registration]) {
        let notifier = EventNotifier<Int>(of: "/actor/bench", audit: auditing.context())
        let sink = Sink()
        let tokens = (0..<observers).map { _ in notifier.observe { sink.take($0) } }
        return (notifier, tokens)
    }
}
