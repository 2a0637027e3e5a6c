import BSPCore

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

    /// The described enum, `Codable`: its record keeps its value too, encoded when sent.
    enum Coded: Sendable, Codable, CustomStringConvertible {
        case place(name: String)

        var description: String {
            switch self {
            case .place(let name): "place(\(name))"
            }
        }
    }

    /// Nanoseconds of auditing per send — audited minus unaudited, round by round — for a
    /// string payload, the same with its own description, and a number payload, all rendered
    /// when sent.
    static func auditOverhead(
        _ configuration: Configuration
    ) -> (stringPayload: Double, described: Double, numberPayload: Double, codable: Double) {
        let sends = configuration.sends / 20
        let contexts = [AuditContext.disabled, freshContext()]
        let places = contexts.map { notifier(of: Resolved.self, audit: $0) }
        let described = contexts.map { notifier(of: Described.self, audit: $0) }
        let counts = contexts.map { notifier(of: Counted.self, audit: $0) }
        let place = Place(name: "Sydney Opera House")
        let bodies: [() -> Void] =
            places.map { notifier in { for _ in 0..<sends { notifier.emit(.place(place)) } } }
            + described.map { notifier in { for _ in 0..<sends { notifier.emit(.place(place)) } } }
            + counts.map { notifier in { for value in 0..<sends { notifier.emit(.count(value)) } } }
        let samples = interleavedSamples(operations: sends, repetitions: configuration.repetitions, bodies)
        let overhead = { (offset: Int) in
            median(zip(samples[offset + 1], samples[offset]).map { $0 - $1 })
        }
        return (overhead(0), overhead(2), overhead(4), codableOverhead(configuration))
    }

    /// The same for the `Codable` enum, measured apart: encoding allocates enough to slow the
    /// others measured beside it.
    private static func codableOverhead(_ configuration: Configuration) -> Double {
        let sends = configuration.sends / 20
        let coded = [AuditContext.disabled, freshContext()].map { notifier(of: Coded.self, audit: $0) }
        let bodies: [() -> Void] = coded.map { notifier in
            { for _ in 0..<sends { notifier.emit(.place(name: "Sydney Opera House")) } }
        }
        let samples = interleavedSamples(operations: sends, repetitions: configuration.repetitions, bodies)
        return median(zip(samples[1], samples[0]).map { $0 - $1 })
    }

    private static func notifier<Notification: Sendable>(
        of type: Notification.Type, audit: AuditContext
    ) -> EventNotifier<Notification> {
        let notifier = EventNotifier<Notification>(of: "/actor/bench", audit: audit)
        notifier.observe(by: Sink()) { _, _ in }
        return notifier
    }

    private static func freshContext() -> AuditContext {
        AuditContext(store: InMemoryAuditStore(capacity: 10_000))
    }
}
