import BSPCore
import BSPTesting

/// Transcript matching over a long recorded run.
enum MatchingBenchmarks {
    /// Milliseconds for `expect(inOrder:)` with ten substrings spread over the run, and for
    /// `expect(exactly:)` with one substring per line.
    static func match(_ configuration: Configuration) -> (inOrder: Double, exactly: Double) {
        let lines = configuration.transcriptLines
        let spread = (0..<10).map { "<event>: item \($0 * lines / 10) " }
        let everyLine = (0..<lines).map { "<event>: item \($0) " }
        let inOrder = median(
            (0..<configuration.repetitions).map { _ in
                let fabric = recordedRun(lines: lines)
                return milliseconds { fabric.expect(inOrder: spread) }
            })
        let exactly = median(
            (0..<configuration.repetitions).map { _ in
                let fabric = recordedRun(lines: lines)
                return milliseconds { fabric.expect(exactly: everyLine) }
            })
        return (inOrder, exactly)
    }

    private static func recordedRun(lines: Int) -> TestFabric<EventNotifier<String>> {
        let fabric = TestFabric(capacity: lines) { EventNotifier<String>(of: "/actor/bench") }
        let token = fabric.system.observe { _ in }
        for index in 0..<lines {
            fabric.system.emit("item \(index) ")
        }
        withExtendedLifetime(token) {}
        return fabric
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }
}
