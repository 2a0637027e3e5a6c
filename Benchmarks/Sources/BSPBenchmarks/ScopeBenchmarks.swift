import BSPCore

/// A scope push and pop, with its companion presentation scope.
enum ScopeBenchmarks {
    final class BenchView: PresentationScope {
        let uri: ActorURI = "/actor/presentation/scope/bench"
        let lifecycle = ScopeLifecycle()
        var view: String { "bench" }
    }

    final class BenchScope: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/bench"
        let lifecycle = ScopeLifecycle()
        let companion: (any Scope)? = BenchView()
    }

    static func pushAndPop(_ configuration: Configuration) -> Double {
        let presentation = ScopeStack(uri: "/actor/presentation/stack", audit: .disabled)
        let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation, audit: .disabled)
        let cycles = max(1, configuration.sends / 100)
        return nanosecondsPerOperation(operations: cycles, repetitions: configuration.repetitions) {
            for _ in 0..<cycles {
                try? behaviour.push(BenchScope())
                _ = try? behaviour.pop()
            }
        }
    }
}
