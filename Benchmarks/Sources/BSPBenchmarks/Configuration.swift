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
    /// Runs only the benchmarks whose group name is this (send, request, scope, matching, store).
    var only: String?

    init(arguments: [String]) {
        let quick = arguments.contains("--quick")
        sends = quick ? 10_000 : 2_000_000
        repetitions = quick ? 1 : 7
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
