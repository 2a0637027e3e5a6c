import BSPCore

/// What a fabric that dropped records past its capacity can still check: an expectation that
/// needed a record the fabric never kept fails, naming how many it missed, rather than pass
/// on what it did not see.
extension TestFabric {
    /// What an expectation needs to have seen of the records to pass.
    enum RecordsNeeded {
        /// The lines it matches: a line it finds among those kept is all it needs.
        case matched
        /// Every record not accounted for yet: an exhaustive check.
        case unaccounted
        /// Every record: a check that no line contains something.
        case all
    }

    /// How many of the records the store dropped that `filter` keeps no expectation accounted
    /// for and nothing accepted: what an exhaustive check of them never saw.
    func droppedUnaccounted(in filter: TranscriptFilter) -> Int {
        guard store.droppedCount > 0 else { return 0 }
        let arrangement = arrangementEnd ?? 0
        return recorder.droppedRecords.count { record in
            record.sequence > arrangement && !accounted.contains(record.sequence)
                && filter.includes(notifier: record.notifier)
        }
    }

    /// How many of the records the store dropped `filter` keeps.
    func dropped(in filter: TranscriptFilter) -> Int {
        guard store.droppedCount > 0 else { return 0 }
        return recorder.droppedRecords.count { filter.includes(notifier: $0.notifier) }
    }
}
