import BSPCore
import BSPDiagrams

/// A small recorded run: an intent, a request and its answer, a scope pushed, and a request
/// nobody handled.
enum DiagramFixture {
    static func notifier(_ actor: String, _ name: String) -> NotifierURI {
        try! ActorURI(validating: actor).notifier(name)
    }

    static let trail = AuditTrail([
        AuditRecord(
            sequence: 1, notifier: notifier("/actor/presentation", "event"), variety: .event,
            source: "/actor/presentation", targets: ["/actor/behaviour"], notification: "showLocationRequested"),
        AuditRecord(
            sequence: 2, notifier: notifier("/actor/service", "request"), variety: .request,
            source: "/actor/behaviour", targets: ["/actor/service"], notification: "resolveLocation", cause: 1, depth: 1
        ),
        AuditRecord(
            sequence: 3, notifier: notifier("/actor/behaviour/stack", "transition"), variety: .event,
            source: "/actor/behaviour/stack", notification: "pushed(/actor/behaviour/scope/map)", cause: 1, depth: 1,
            stackChange: StackChange(.pushed, "/actor/behaviour/scope/map")),
        AuditRecord(
            sequence: 4, notifier: notifier("/actor/service", "event"), variety: .event,
            source: "/actor/service", targets: ["/actor/behaviour"], notification: "locationResolved(Sydney; NSW)",
            cause: 2, depth: 2),
        AuditRecord(
            sequence: 5, notifier: notifier("/actor/presentation", "request"), variety: .request,
            source: "/actor/behaviour", targets: ["/actor/presentation"], notification: "present(Sydney <NSW>)",
            cause: 4, depth: 3),
        AuditRecord(
            sequence: 6, notifier: notifier("/actor/nobody", "request"), variety: .request,
            notification: "lost", delivery: .undelivered),
    ])
}
