/// How much work each benchmark does.
struct Configuration {
    /// Operations per timed sample for the send benchmarks.
    var sends: Int
    /// Timed samples per benchmark; the median is reported.
    var repetitions: Int
    /// Recorded notifications the matching benchmarks run over.
    var transcriptLines: Int
    /// Notifications sent into the bounded store.
    var storeNotifications: Int
    var json: Bool
    /// Runs only the benchmarks whose group name is this (send, request, ownership, queue, limit, rendering, growth, scope, matching,
    /// filestore, store).
    var only: String?

    init(arguments: [String]) {
        let quick = arguments.contains("--quick")
        // Many short rounds rather than a few long ones: the medians, and the round-by-round
        // differences of interleaved runs, then shrug off a noisy neighbour on a shared machine.
        sends = quick ? 10_000 : 500_000
        repetitions = quick ? 1 : 21
        transcriptLines = quick ? 1_000 : 100_000
        storeNotifications = quick ? 10_000 : 1_000_000
        json = arguments.contains("--json")
        only = arguments.firstIndex(of: "--only").flatMap {
            arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
        }
    }

    /// Whether the group `name` runs.
    func runs(_ name: String) -> Bool {
        only == nil || only == name
    }
}
