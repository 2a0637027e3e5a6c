import BSPCore

/// The order a sequence diagram draws a run in: each notification when it was sent, except a
/// queued one, drawn where its consumer took it; and each reply to a bi-way request after
/// everything the request caused.
struct MessageOrder {
    private(set) var messages: [SequenceDiagram.Message] = []

    init(trail: AuditTrail) {
        let causes = CauseIndex(trail.records)
        var consumedAt: [UInt64: [AuditRecord]] = [:]
        var sentAtRow: [UInt64: Int] = [:]
        var repliesAfter: [UInt64: [AuditRecord]] = [:]
        for record in trail.records {
            var redrawn: Int?
            for queued in consumedAt.removeValue(forKey: record.sequence) ?? [] {
                // Queued before its consumer named itself, then recorded again, with the
                // consumer as target, as the consumer took it: drawn once, by that record.
                if MessageOrder.isTheTargetedRecord(record, of: queued) {
                    redrawn = sentAtRow[queued.sequence]
                    continue
                }
                appendPushes(of: queued, sentAtRow: sentAtRow[queued.sequence])
            }
            if MessageOrder.waitsForItsConsumer(record), let consumption = causes.firstEffect(of: record.sequence) {
                consumedAt[consumption, default: []].append(record)
                sentAtRow[record.sequence] = messages.count
            } else {
                appendPushes(of: record, sentAtRow: redrawn)
            }
            if MessageOrder.isAnswered(record) {
                repliesAfter[causes.lastEffect(of: record.sequence), default: []].append(record)
            }
            // The innermost request replies first.
            for request in (repliesAfter.removeValue(forKey: record.sequence) ?? []).reversed() {
                appendReply(to: request)
            }
        }
    }

    /// A queued notification, which its consumer takes later.
    private static func waitsForItsConsumer(_ record: AuditRecord) -> Bool {
        record.aspect.timing == .asynchronous && record.delivery == .queued
    }

    /// Whether `record` is the second record of `queued`, a notification queued without a
    /// target: the one its consumer's taking it made, naming the consumer.
    private static func isTheTargetedRecord(_ record: AuditRecord, of queued: AuditRecord) -> Bool {
        queued.targets.isEmpty && !record.targets.isEmpty && record.delivery == .delivered
            && record.notifier == queued.notifier && record.cause == queued.sequence
    }

    /// A bi-way request that reached its handler, which replied.
    private static func isAnswered(_ record: AuditRecord) -> Bool {
        record.variety == .request && record.aspect.way == .biWay && record.delivery == .delivered
    }

    private mutating func appendPushes(of record: AuditRecord, sentAtRow: Int?) {
        let mark = record.stackChange.map { "\($0.kind == .pushed ? "▲" : "▼") \($0.kind.rawValue)(\($0.scope))" }
        for receiver in SequenceDiagram.receivers(of: record) {
            messages.append(
                SequenceDiagram.Message(
                    sequence: record.sequence, from: record.source, to: receiver, variety: record.variety,
                    aspect: record.aspect, kind: .push, label: SequenceDiagram.label(record), scopeMark: mark,
                    sentAtRow: sentAtRow == messages.count ? nil : sentAtRow))
        }
    }

    private mutating func appendReply(to request: AuditRecord) {
        for receiver in SequenceDiagram.receivers(of: request) {
            messages.append(
                SequenceDiagram.Message(
                    sequence: request.sequence, from: receiver, to: request.source, variety: request.variety,
                    aspect: request.aspect, kind: .reply, label: "reply to #\(request.sequence)", scopeMark: nil,
                    sentAtRow: nil))
        }
    }
}

/// Which records each record caused, directly or not.
private struct CauseIndex {
    private var first: [UInt64: UInt64] = [:]
    private var last: [UInt64: UInt64] = [:]

    init(_ records: [AuditRecord]) {
        var children: [UInt64: [UInt64]] = [:]
        for record in records {
            guard let cause = record.cause else { continue }
            children[cause, default: []].append(record.sequence)
            first[cause] = min(first[cause] ?? record.sequence, record.sequence)
        }
        // A cause comes before its effects, so going backwards each record's effects are done.
        for record in records.reversed() {
            last[record.sequence] = (children[record.sequence] ?? []).reduce(record.sequence) {
                max($0, last[$1] ?? $1)
            }
        }
    }

    /// The first record `sequence` caused, if any.
    func firstEffect(of sequence: UInt64) -> UInt64? { first[sequence] }

    /// The last record `sequence` caused, directly or not; itself if none.
    func lastEffect(of sequence: UInt64) -> UInt64 { last[sequence] ?? sequence }
}
