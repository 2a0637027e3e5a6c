@_spi(Inspection) import BSPCore
import Foundation
import TestSupport
import Testing

/// Synchronous cycles are cut by what is left of the thread's stack, not by a count: a ring of
/// nested requests, of events, or of both ends with a typed fault before it overflows — on a
/// 512 KiB thread (the default for secondary threads on Darwin) and on the main thread. CI runs
/// these tests in debug and in release builds, whose frames differ in size.
@Suite("Cycles cut by the stack")
struct StackBudgetTests {
    /// What a ring's notifications are: requests, events, or requests and events in turn.
    enum Kind: CaseIterable, CustomTestStringConvertible {
        case requests, events, requestsAndEvents
        var testDescription: String { "\(self)" }
    }

    /// A ring of `size` actors' notifiers, each handler sending on the next, forever.
    final class Ring {
        private let owner = NamedActor("/actor/ring")
        /// Sends on each notifier of the ring; each holds its notifier.
        private var sends: [(Int) -> Void] = []

        init(kind: Kind, size: Int, audit: AuditContext) {
            for index in 0..<size {
                let actor = try! ActorURI(validating: "/actor/ring/a\(index)")
                let next = (index + 1) % size
                let forward: (Int) -> Void = { [unowned self] laps in self.sends[next](laps + 1) }
                if kind == .requests || (kind == .requestsAndEvents && index.isMultiple(of: 2)) {
                    let notifier = RequestNotifier<Int, Void>(of: actor, audit: audit)
                    notifier.handle(by: owner) { _, laps in forward(laps) }
                    sends.append { notifier.send($0) }
                } else {
                    let notifier = EventNotifier<Int>(of: actor, audit: audit)
                    notifier.observe(by: owner) { _, laps in forward(laps) }
                    sends.append { notifier.emit($0) }
                }
            }
        }

        func run() { sends[0](0) }
    }

    /// Runs a ring and returns the faults it reported.
    private static func faults(of kind: Kind, size: Int, audited: Bool) -> [NotifierError] {
        let recording = Recording()
        let faults = recording.faults
        let context = audited ? recording.context : AuditContext(store: NoOpAuditStore()) { faults.append($0) }
        let ring = Ring(kind: kind, size: size, audit: context)
        ring.run()
        return recording.faults.all
    }

    private static func isCutByTheStack(_ faults: [NotifierError]) -> Bool {
        faults.contains { if case .nestedTooDeep = $0 { true } else { false } }
    }

    @Test(arguments: [Kind.requests, .requestsAndEvents], [4, 256])
    func aRingOfNestedRequestsEndsBeforeA512KiBStackOverflows(kind: Kind, size: Int) async {
        for audited in [false, true] {
            let faults = Locked<[NotifierError]>([])
            let ended = await returnsOnAThread(stackSize: 512 * 1024) {
                let reported = Self.faults(of: kind, size: size, audited: audited)
                faults.withLock { $0 = reported }
            }

            #expect(ended)
            #expect(!faults.withLock { $0 }.isEmpty, "audited: \(audited)")
        }
    }

    @Test(arguments: [true, false])
    func aLongRingOfNestedRequestsIsCutByTheStackOnA512KiBThread(audited: Bool) async {
        let faults = Locked<[NotifierError]>([])
        let ended = await returnsOnAThread(stackSize: 512 * 1024) {
            let reported = Self.faults(of: .requests, size: 256, audited: audited)
            faults.withLock { $0 = reported }
        }

        #expect(ended)
        #expect(Self.isCutByTheStack(faults.withLock { $0 }))
    }

    @Test func aLongRingOfAuditedEventsEndsOnA512KiBThread() async {
        let faults = Locked<[NotifierError]>([])
        let ended = await returnsOnAThread(stackSize: 512 * 1024) {
            let reported = Self.faults(of: .events, size: 1_000, audited: true)
            faults.withLock { $0 = reported }
        }

        #expect(ended)
        #expect(Self.isCutByTheStack(faults.withLock { $0 }))
    }

    /// A main thread's stack is 8 MiB on Linux and macOS (its resource limit), where a thread
    /// that a test runs on may be anything; this gives a ring such a stack.
    @Test func aLongRingOfNestedRequestsIsCutByTheStackOnAMainThreadSizedStack() async {
        let faults = Locked<[NotifierError]>([])
        let ended = await returnsOnAThread(stackSize: 8 * 1024 * 1024) {
            let reported = Self.faults(of: .requests, size: 256, audited: true)
            faults.withLock { $0 = reported }
        }

        #expect(ended)
        #expect(Self.isCutByTheStack(faults.withLock { $0 }))
    }

    /// A chain of `length` distinct notifiers, not audited, each handler sending on the next:
    /// no notifier is re-entered, so every send takes the fast path.
    private static func faultsOfAChain(events: Bool, length: Int) -> [NotifierError] {
        let faults = FaultLog()
        let context = AuditContext(store: NoOpAuditStore()) { faults.append($0) }
        let owner = NamedActor("/actor/chain")
        var sends: [(Int) -> Void] = []
        for index in 0..<length {
            let actor = try! ActorURI(validating: "/actor/chain/a\(index)")
            let next = index + 1
            let forward: (Int) -> Void = { hop in if next < sends.count { sends[next](hop + 1) } }
            if events {
                let notifier = EventNotifier<Int>(of: actor, audit: context)
                notifier.observe(by: owner) { _, hop in forward(hop) }
                sends.append { notifier.emit($0) }
            } else {
                let notifier = RequestNotifier<Int, Void>(of: actor, audit: context)
                notifier.handle(by: owner) { _, hop in forward(hop) }
                sends.append { notifier.send($0) }
            }
        }
        sends[0](0)
        let reported = faults.all
        sends = []
        return reported
    }

    @Test(arguments: [false, true])
    func aLongChainOfDistinctUnauditedNotifiersIsCutOnA512KiBThread(events: Bool) async {
        let faults = Locked<[NotifierError]>([])
        let ended = await returnsOnAThread(stackSize: 512 * 1024) {
            let reported = Self.faultsOfAChain(events: events, length: 5_000)
            faults.withLock { $0 = reported }
        }

        #expect(ended)
        #expect(Self.isCutByTheStack(faults.withLock { $0 }))
    }

    /// A notification whose rendering itself takes a deep stack: `String(describing:)` walks
    /// each level through reflection.
    indirect enum Nested: Sendable {
        case leaf
        case level(Nested)

        init(depth: Int) {
            self = (0..<depth).reduce(Nested.leaf) { inner, _ in .level(inner) }
        }
    }

    /// A ring of four request notifiers of `Nested`, audited, each handler sending its request on.
    private static func faultsOfARingOfNestedValues(depth: Int) -> [NotifierError] {
        let recording = Recording()
        let owner = NamedActor("/actor/ring")
        var sends: [(Nested) -> Void] = []
        for index in 0..<4 {
            let actor = try! ActorURI(validating: "/actor/ring/a\(index)")
            let next = (index + 1) % 4
            let notifier = RequestNotifier<Nested, Void>(of: actor, audit: recording.context)
            notifier.handle(by: owner) { _, value in sends[next](value) }
            sends.append { notifier.send($0) }
        }
        sends[0](Nested(depth: depth))
        sends = []
        return recording.faults.all
    }

    /// The reserve the stack budget keeps covers rendering what is cut: a value nested 100
    /// deep takes some 60 KiB of stack to describe in a debug build, which overflowed a
    /// reserve of 64 KiB. A release build's smaller frames let the ring reach its count first.
    @Test func anAuditedRingOfDeeplyNestedValuesIsCutBeforeRenderingOverflowsA512KiBStack() async {
        let faults = Locked<[NotifierError]>([])
        let ended = await returnsOnAThread(stackSize: 512 * 1024) {
            let reported = Self.faultsOfARingOfNestedValues(depth: 100)
            faults.withLock { $0 = reported }
        }

        #expect(ended)
        let reported = faults.withLock { $0 }
        #expect(!reported.isEmpty)
        #expect(
            reported.allSatisfy {
                switch $0 {
                case .nestedTooDeep, .runawayCycle: true
                default: false
                }
            })
    }
}
