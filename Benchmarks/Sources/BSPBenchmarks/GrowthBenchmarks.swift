import BSPCore

/// How the cost per item grows as a fabric grows: observers on one notifier, scopes below the
/// one pushed, records already in the trail. (Backlogs are the queue group's.) The design says
/// each is flat per item.
enum GrowthBenchmarks {
    /// Nanoseconds per observer of a send to `count` observers, auditing off.
    static func perObserver(_ count: Int, _ configuration: Configuration) -> Double {
        let sink = Sink()
        let notifier = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let tokens = (0..<count).map { _ in notifier.observe { sink.take($0) } }
        let sends = max(1, configuration.sends / count)
        let perSend = nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends { notifier.emit(value) }
        }
        withExtendedLifetime(tokens) {}
        return perSend / Double(count)
    }

    /// Microseconds to push and pop one scope, with its companion, on stacks `depth` scopes deep.
    static func pushAndPop(atDepth depth: Int, _ configuration: Configuration) -> Double {
        let presentation = ScopeStack(uri: "/actor/presentation/stack", audit: .disabled)
        let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation, audit: .disabled)
        for level in 0..<depth {
            try? behaviour.push(Level(level))
        }
        let cycles = max(1, configuration.sends / 100)
        let nanoseconds = nanosecondsPerOperation(operations: cycles, repetitions: configuration.repetitions) {
            for _ in 0..<cycles {
                try? behaviour.push(ScopeBenchmarks.BenchScope())
                _ = try? behaviour.pop()
            }
        }
        return nanoseconds / 1_000
    }

    /// Nanoseconds of an audited send into an in-memory store that holds `records` records
    /// already, at its capacity.
    static func auditedSend(intoTrailOf records: Int, _ configuration: Configuration) -> Double {
        let sink = Sink()
        let notifier = EventNotifier<Int>(
            of: "/actor/bench", audit: AuditContext(store: InMemoryAuditStore(capacity: records)))
        let token = notifier.observe { sink.take($0) }
        for value in 0..<records { notifier.emit(value) }
        let sends = configuration.sends
        let perSend = nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends { notifier.emit(value) }
        }
        withExtendedLifetime(token) {}
        return perSend
    }

    /// A scope of one level of a deep stack, with its companion.
    final class Level: Scope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        let companion: (any Scope)?

        init(_ level: Int) {
            uri = try! ActorURI(validating: "/actor/behaviour/scope/level-\(level)")
            companion = LevelView(level)
        }
    }

    final class LevelView: PresentationScope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        var view: String { uri.path }

        init(_ level: Int) {
            uri = try! ActorURI(validating: "/actor/presentation/scope/level-\(level)")
        }
    }
}
