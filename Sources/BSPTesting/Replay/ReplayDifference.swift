@_spi(Inspection) import BSPCore

/// Where a replayed run first differs from its recording, and the failure that says so.
struct ReplayDifference: Equatable {
    /// The index of the notification that differs.
    let index: Int
    /// What differs, in words: `the value`, `the sender`…
    let aspects: [String]
    let message: String

    /// The difference between the recorded and the live notification at `index`, or `nil` if
    /// they are the same: notifier, variety, sender, receivers, delivery, cause, and value or
    /// text; and, given a `tolerance`, the time, when both keep one. Causes are compared by
    /// place in each run, not by sequence number.
    init?(at index: Int, recording: [AuditRecord], live: [AuditRecord], unit: ActorURI, tolerance: Duration? = nil) {
        let recorded = recording[index]
        let replayed = live[index]
        var aspects: [String] = []
        if recorded.notifier != replayed.notifier || recorded.variety != replayed.variety {
            aspects.append("the notifier")
        }
        if recorded.source != replayed.source { aspects.append("the sender") }
        if recorded.targets != replayed.targets { aspects.append("the receivers") }
        if recorded.delivery != replayed.delivery { aspects.append("the delivery") }
        if ReplayDifference.place(ofCauseOf: recorded, in: recording)
            != ReplayDifference.place(ofCauseOf: replayed, in: live)
        {
            aspects.append("the cause")
        }
        if let recordedValue = recorded.value, let replayedValue = replayed.value {
            if recordedValue != replayedValue { aspects.append("the value") }
        } else if recorded.notification != replayed.notification {
            aspects.append("the notification")
        }
        let times = ReplayDifference.timesBeyond(tolerance, recorded: recorded, replayed: replayed)
        if times != nil { aspects.append("the time") }
        guard !aspects.isEmpty else { return nil }
        self.index = index
        self.aspects = aspects
        var lines = [
            "Replay under \(unit): notification \(index + 1) of \(recording.count) differs in "
                + "\(aspects.joined(separator: ", ")).",
            "  recorded  \(recorded)",
            "  replayed  \(replayed)",
        ]
        if let times, let tolerance {
            lines.append("  sent at \(times.replayed), recorded at \(times.recorded) (within \(tolerance) expected)")
        }
        if let recordedValue = recorded.value, let replayedValue = replayed.value, recordedValue != replayedValue {
            lines.append("Value (− recorded, + replayed):")
            lines += RecordedValueDiff.lines(recorded: recordedValue, replayed: replayedValue).map { "  \($0)" }
        }
        lines += ReplayDifference.sideBySide(recording: recording, live: live, around: index)
        message = lines.joined(separator: "\n")
    }

    /// The failure for a bi-way request at `index` whose live handler replied `replayed`,
    /// where the recording has another reply.
    static func reply(
        at index: Int, recording: [AuditRecord], live: [AuditRecord], unit: ActorURI, replayed: RecordedValue
    ) -> String {
        let recorded = recording[index].reply ?? .null
        return
            ([
                "Replay under \(unit): the reply to notification \(index + 1) of \(recording.count) differs.",
                "  request         \(live[index])",
                "  recorded reply: \(recorded)",
                "  replayed reply: \(replayed)",
                "Reply (− recorded, + replayed):",
            ]
            + RecordedValueDiff.lines(recorded: recorded, replayed: replayed).map { "  \($0)" }
            + sideBySide(recording: recording, live: live, around: index)).joined(separator: "\n")
    }

    /// The failure for a recorded notification the replay never sent.
    static func missing(
        at index: Int, recording: [AuditRecord], live: [AuditRecord], unit: ActorURI, by time: Duration? = nil
    ) -> String {
        let when = time.map { "was not sent by \($0): " } ?? "was never sent: "
        return
            (["Replay under \(unit): notification \(index + 1) of \(recording.count) \(when)\(recording[index])"]
            + sideBySide(recording: recording, live: live, around: index)).joined(separator: "\n")
    }

    /// The failure for a replay that sent more than the recording holds.
    static func extra(recording: [AuditRecord], live: [AuditRecord], unit: ActorURI) -> String {
        let index = recording.count
        return
            ([
                "Replay under \(unit): the replay sent more than the recording holds (\(recording.count) "
                    + "notifications); the first beyond it: \(live[index])"
            ]
            + sideBySide(recording: recording, live: live, around: index)).joined(separator: "\n")
    }

    /// The two notifications' times, if both keep one and they lie further apart than
    /// `tolerance`; `nil` otherwise, or without a tolerance.
    private static func timesBeyond(
        _ tolerance: Duration?, recorded: AuditRecord, replayed: AuditRecord
    ) -> (recorded: Duration, replayed: Duration)? {
        guard let tolerance, let recordedTime = recorded.time, let replayedTime = replayed.time else { return nil }
        let gap = recordedTime - replayedTime
        return gap > tolerance || gap < .zero - tolerance ? (recordedTime, replayedTime) : nil
    }

    /// Where the cause of `record` is in `records`, counted from the start: `nil` for none,
    /// `-1` for a cause before the records.
    private static func place(ofCauseOf record: AuditRecord, in records: [AuditRecord]) -> Int? {
        guard let cause = record.cause else { return nil }
        return records.firstIndex { $0.sequence == cause } ?? -1
    }

    /// Both transcripts side by side, from a few notifications before `index` to one after.
    static func sideBySide(recording: [AuditRecord], live: [AuditRecord], around index: Int) -> [String] {
        let range = max(0, index - 3)..<min(max(recording.count, live.count), index + 2)
        let width = 72
        func cell(_ records: [AuditRecord], _ at: Int) -> String {
            guard at < records.count else { return "" }
            let text = TextEscaping.readable(records[at].description)
            return text.count > width ? String(text.prefix(width - 1)) + "…" : text
        }
        var lines = ["Transcripts (recorded | replayed):"]
        for at in range {
            let marker = at == index ? ">" : " "
            let left = cell(recording, at)
            lines.append(
                "\(marker) \(left)\(String(repeating: " ", count: max(0, width - left.count))) | \(cell(live, at))")
        }
        return lines
    }
}
