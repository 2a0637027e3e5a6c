import BSPCore
import Foundation

// The workloads whose instruction counts CI gates (.ci/instructions), and two it does not gate
// (the string and number payloads, rendered by reflection: slow under Callgrind, and measured
// by the benchmarks): each runs its operation
// `count` times inside `measured`, which the gate has Callgrind count alone, so that neither
// start-up nor setting up enters the count.
//
//   bsp-instructions WORKLOAD [COUNT]

/// An actor that observes and handles, as an app's Behaviour does.
final class Owner: BSPActor {
    let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    var total = 0
}

/// The `Codable` enum an app sends, with a description of its own.
enum Resolved: Sendable, Codable, CustomStringConvertible {
    case place(name: String)

    var description: String {
        switch self {
        case .place(let name): "place(\(name))"
        }
    }
}

/// The quick start's notification with a description of its own.
enum Located: Sendable, CustomStringConvertible {
    case place(name: String)

    var description: String {
        switch self {
        case .place(let name): "place(\(name))"
        }
    }
}

/// The quick start's notification as written: no description, not `Codable`.
struct Place: Sendable {
    let name: String
}

enum Resolution: Sendable {
    case place(Place)
}

/// An enum of a number that changes from send to send.
enum Counted: Sendable {
    case count(Int)
}

/// A payload-free enum, as an app's intents are.
enum Intent: Sendable {
    case showLocation
    case dismiss
}

/// Runs `body`; the gate counts the instructions of this function's calls alone.
@inline(never)
func measured(_ body: () -> Void) {
    body()
}

let workloads: [String: (Int) -> Void] = [
    "audited-int-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Int>(
            of: "/actor/service", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, value in owner.total &+= value }
        measured { for value in 0..<count { notifier.emit(value) } }
    },
    "audited-codable-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Resolved>(
            of: "/actor/service", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, _ in owner.total &+= 1 }
        measured { for _ in 0..<count { notifier.emit(.place(name: "Sydney Opera House")) } }
    },
    "audited-enum-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Intent>(
            of: "/actor/presentation", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, _ in owner.total &+= 1 }
        measured { for value in 0..<count { notifier.emit(value & 1 == 0 ? .showLocation : .dismiss) } }
    },
    "audited-described-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Located>(
            of: "/actor/service", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, _ in owner.total &+= 1 }
        measured { for _ in 0..<count { notifier.emit(.place(name: "Sydney Opera House")) } }
    },
    "audited-string-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Resolution>(
            of: "/actor/service", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, _ in owner.total &+= 1 }
        let place = Place(name: "Sydney Opera House")
        measured { for _ in 0..<count { notifier.emit(.place(place)) } }
    },
    "audited-number-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Counted>(
            of: "/actor/service", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        notifier.observe(by: owner) { owner, _ in owner.total &+= 1 }
        measured { for value in 0..<count { notifier.emit(.count(value)) } }
    },
    "owner-send": { count in
        let owner = Owner()
        let notifier = EventNotifier<Int>(of: "/actor/service", audit: .disabled)
        notifier.observe(by: owner) { owner, value in owner.total &+= value }
        measured { for value in 0..<count { notifier.emit(value) } }
    },
    "port-request": { count in
        let owner = Owner()
        let notifier = RequestNotifier<Int, Void>(of: "/actor/behaviour", audit: .disabled)
        notifier.handle(by: owner) { owner, value in owner.total &+= value }
        let port = notifier.port
        measured { for value in 0..<count { port.send(value) } }
    },
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let workload = workloads[name] else {
    print("usage: bsp-instructions \(workloads.keys.sorted().joined(separator: "|")) [COUNT]")
    exit(2)
}
workload(arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000)
