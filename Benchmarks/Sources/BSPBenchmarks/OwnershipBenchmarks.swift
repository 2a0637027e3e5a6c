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
        return withExtendedLifetime(owner) { versusWeakClosure(events, configuration) }
    }

    /// A send on `events`, whose observer is set up by the caller, as a ratio of a
    /// `[weak self]` closure in an array that does what the observer does.
    private static func versusWeakClosure(_ events: EventNotifier<Int>, _ configuration: Configuration) -> Double {
        let owner = Sink()
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

    /// A scope that observes an event notifier while it is on its stack.
    final class ObservingScope: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/bench"
        let lifecycle = ScopeLifecycle()
        let events: EventNotifier<Int>
        let sink = Sink()

        init(observing events: EventNotifier<Int>) {
            self.events = events
        }

        func activate() {
            events.observe(by: self) { scope, value in scope.sink.take(value) }
        }
    }

    /// A send to one observer that is a scope on its stack, as a ratio of a `[weak self]`
    /// closure that does the same; auditing off.
    static func scopeOwnerVersusWeakClosures(_ configuration: Configuration) -> Double {
        let events = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: .disabled)
        let scope = ObservingScope(observing: events)
        try! stack.push(scope)
        defer { withExtendedLifetime((stack, scope)) {} }
        return versusWeakClosure(events, configuration)
    }

    /// A closure in a box, called without retaining either: what a notifier's dispatch does.
    final class Box {
        let call: (Int) -> Void
        init(_ call: @escaping (Int) -> Void) { self.call = call }
    }

    /// A send to one observer kept by a registration, auditing off, as a ratio of the same
    /// closure called without ARC traffic: the limit of dispatch.
    static func sendVersusClosuresWithoutARC(_ configuration: Configuration) -> Double {
        let sink = Sink()
        let events = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let registration = events.observe { sink.take($0) }
        let boxes = ContiguousArray([Box { sink.take($0) }])
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            [
                { for value in 0..<sends { events.emit(value) } },
                {
                    for value in 0..<sends {
                        var index = 0
                        while index < boxes.count {
                            Unmanaged.passUnretained(boxes[index])._withUnsafeGuaranteedRef { $0.call(value) }
                            index &+= 1
                        }
                    }
                },
            ])
        withExtendedLifetime(registration) {}
        return median(zip(samples[0], samples[1]).map(/))
    }

    /// An audited send to ten observers held through their owners, each naming its actor, as a
    /// ratio of the same send to one: one record either way.
    static func tenNamedVersusOneAudited(_ configuration: Configuration) -> Double {
        let observers = SendBenchmarks.NamedObserver.some(10)
        let notifiers = [1, 10].map { count in
            SendBenchmarks.NamedObserver.notifier(
                observedBy: observers.prefix(count), audit: Auditing.on(.synchronous).context())
        }
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            notifiers.map { notifier in { for value in 0..<sends { notifier.emit(value) } } })
        withExtendedLifetime(observers) {}
        return median(zip(samples[1], samples[0]).map(/))
    }
}
