import BSPCore
import Foundation

/// What auditing costs for the notifications an app sends: an enum whose payload holds a
/// string, as the quick start's `.locationResolved(Place(name:))` does, against one whose
/// payload is a number. The first is rendered when sent (a value holding a reference could
/// change before it is read); the second waits until its record is read.
enum RenderingBenchmarks {
    struct Place: Sendable {
        let name: String
    }

    enum Resolved: Sendable {
        case place(Place)
    }

    /// The same, with a description of its own instead of the runtime's reflective printing.
    enum Described: Sendable, CustomStringConvertible {
        case place(Place)

        var description: String {
            switch self {
            case .place(let place): "place(\(place.name))"
            }
        }
    }

    enum Counted: Sendable {
        case count(Int)
    }

    /// A payload-free enum, as an app's intents and most requests are.
    enum Intent: Sendable {
        case showLocation
        case dismiss
    }

    /// The described enum, `Codable`: its record keeps its value too, encoded when sent.
    enum Coded: Sendable, Codable, CustomStringConvertible {
        case place(name: String)

        var description: String {
            switch self {
            case .place(let name): "place(\(name))"
            }
        }
    }

    /// What auditing costs one kind of payload: nanoseconds per send, audited minus
    /// unaudited, and that over the record limit measured in the same interleaved run.
    struct Cost {
        var nanoseconds: Double
        var versusRecordLimit: Double
    }

    /// The audit overhead of a string payload (the quick start's notification as written: no
    /// description, not `Codable`), the same with its own description, a number payload, and
    /// the described one made `Codable`, each over the record limit. Every notifier has a live
    /// observer, as an app's has, so that each record says `delivered`.
    static func auditOverhead(
        _ configuration: Configuration
    ) -> (string: Cost, described: Cost, number: Cost, plain: Cost, codable: Cost) {
        let place = Place(name: "Sydney Opera House")
        let measured = measure(
            configuration,
            [
                sends(Resolved.self) { _ in .place(place) },
                sends(Described.self) { _ in .place(place) },
                sends(Counted.self) { .count($0) },
                sends(Intent.self) { $0 & 1 == 0 ? .showLocation : .dismiss },
            ])
        // Measured apart: encoding allocates enough to slow the others measured beside it.
        let codable = measure(configuration, [sends(Coded.self) { _ in .place(name: "Sydney Opera House") }])
        return (measured[0], measured[1], measured[2], measured[3], codable[0])
    }

    /// For one payload type: the bodies that send it unaudited and audited, and the observers
    /// that must live while they run.
    private struct Sends {
        let unaudited: () -> Void
        let audited: () -> Void
        let observers: [AnyObject]
    }

    private static func sends<Notification: Sendable>(
        _ type: Notification.Type, _ make: @escaping (Int) -> Notification
    ) -> (Int) -> Sends {
        { count in
            let sink = Sink()
            let (off, on) = (notifier(of: type, audit: .disabled), notifier(of: type, audit: freshContext()))
            off.observe(by: sink) { sink, _ in sink.take(1) }
            on.observe(by: sink) { sink, _ in sink.take(1) }
            return Sends(
                unaudited: { for index in 0..<count { off.emit(make(index)) } },
                audited: { for index in 0..<count { on.emit(make(index)) } },
                observers: [sink, off, on])
        }
    }

    /// Each payload's audit overhead, with the record limit's cost (an unaudited send of an
    /// `Int` plus a limit record, minus the unaudited send) taken round by round beside them.
    private static func measure(_ configuration: Configuration, _ payloads: [(Int) -> Sends]) -> [Cost] {
        let count = configuration.sends / 20
        let built = payloads.map { $0(count) }
        let limit = AuditLimitBenchmarks.RecordLimit()
        let sink = Sink()
        let off = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        off.observe(by: sink) { sink, value in sink.take(value) }
        let identity = ObjectIdentifier(off)
        let limitBodies: [() -> Void] = [
            { for value in 0..<count { off.emit(value) } },
            {
                for value in 0..<count {
                    off.emit(value)
                    limit.record(value, on: identity)
                }
            },
        ]
        let samples = interleavedSamples(
            operations: count, repetitions: configuration.repetitions,
            limitBodies + built.flatMap { [$0.unaudited, $0.audited] })
        withExtendedLifetime((built, sink, off)) {}
        let limitCost = median(zip(samples[1], samples[0]).map(-))
        return built.indices.map { index in
            let overhead = median(zip(samples[3 + 2 * index], samples[2 + 2 * index]).map(-))
            return Cost(nanoseconds: overhead, versusRecordLimit: overhead / limitCost)
        }
    }

    /// Nanoseconds to make the trail's value of the `Codable` enum: the package's encoder,
    /// against `JSONEncoder` and parsing its output, as the trail once did.
    static func encoding(_ configuration: Configuration) -> (direct: Double, viaJSON: Double) {
        let count = configuration.sends / 20
        let value = Coded.place(name: "Sydney Opera House")
        let sink = Sink()
        let samples = interleavedSamples(
            operations: count, repetitions: configuration.repetitions,
            [
                {
                    for _ in 0..<count {
                        if case .object(let members)? = try? RecordedValue(encoding: value) { sink.take(members.count) }
                    }
                },
                {
                    for _ in 0..<count {
                        if let data = try? JSONEncoder().encode(value) { sink.take(data.count) }
                    }
                },
            ])
        return (median(samples[0]), median(samples[1]))
    }

    private static func notifier<Notification: Sendable>(
        of type: Notification.Type, audit: AuditContext
    ) -> EventNotifier<Notification> {
        EventNotifier<Notification>(of: "/actor/bench", audit: audit)
    }

    private static func freshContext() -> AuditContext {
        AuditContext(store: InMemoryAuditStore(capacity: 10_000))
    }
}
