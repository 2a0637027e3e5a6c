import BSPCore
import Foundation
import Synchronization

/// Auditing against what a record must cost at least: take a sequence number, read a clock,
/// write a fixed-size entry into a ring, under a lock as the in-memory store writes under one.
enum AuditLimitBenchmarks {
    /// The least a record can cost, as the benchmark's baseline.
    final class RecordLimit: @unchecked Sendable {
        // @unchecked: `entries` and `next` are touched under `lock` only.
        struct Entry {
            var sequence: UInt64
            var nanoseconds: UInt64
            var notifier: ObjectIdentifier?
            var value: Int
        }

        private let sequence = Atomic<UInt64>(0)
        private let lock = NSLock()
        private var entries = [Entry](
            repeating: Entry(sequence: 0, nanoseconds: 0, notifier: nil, value: 0), count: 10_000)
        private var next = 0

        @inline(never)
        func record(_ value: Int, on notifier: ObjectIdentifier) {
            let number = sequence.add(1, ordering: .relaxed).newValue
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            let entry = Entry(
                sequence: number, nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec),
                notifier: notifier, value: value)
            lock.lock()
            entries[next] = entry
            next = next + 1 == entries.count ? 0 : next + 1
            lock.unlock()
        }
    }

    /// What auditing costs against the least a record costs.
    struct Versus {
        /// Auditing's cost per send over the limit's.
        var ratio: Double
        /// The same, for a context that reads `ContinuousClock` for each record's time.
        var withClockRatio: Double
        /// The limit's cost, in nanoseconds.
        var limitNanoseconds: Double
        /// Auditing's cost per send with the clock, in nanoseconds.
        var withClockNanoseconds: Double
    }

    /// Auditing's cost per send (audited minus unaudited, into an in-memory store), without a
    /// clock and with `ContinuousClock`, over the record limit's (the unaudited send plus a
    /// limit record, minus the unaudited send), all taken round by round.
    static func auditVersusLimit(_ configuration: Configuration) -> Versus {
        let sink = Sink()
        let limit = RecordLimit()
        let off = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let audited = EventNotifier<Int>(
            of: "/actor/bench", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        let timed = EventNotifier<Int>(
            of: "/actor/bench",
            audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000), clock: ContinuousClock()))
        let tokens = [off, audited, timed].map { notifier in notifier.observe { sink.take($0) } }
        let identity = ObjectIdentifier(off)
        let sends = configuration.sends
        let samples = interleavedSamples(
            operations: sends, repetitions: configuration.repetitions,
            [
                { for value in 0..<sends { off.emit(value) } },
                { for value in 0..<sends { audited.emit(value) } },
                {
                    for value in 0..<sends {
                        off.emit(value)
                        limit.record(value, on: identity)
                    }
                },
                { for value in 0..<sends { timed.emit(value) } },
            ])
        withExtendedLifetime(tokens) {}
        let auditCost = zip(samples[1], samples[0]).map(-)
        let limitCost = zip(samples[2], samples[0]).map(-)
        let timedCost = zip(samples[3], samples[0]).map(-)
        return Versus(
            ratio: median(zip(auditCost, limitCost).map(/)), withClockRatio: median(zip(timedCost, limitCost).map(/)),
            limitNanoseconds: median(limitCost), withClockNanoseconds: median(timedCost))
    }
}
