@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// Observers and handlers kept by their owners: the notifier holds the owner weakly and loads
/// it for each call, whichever thread releases it. Run under `swift test --sanitize=thread` and
/// `--sanitize=address` to prove the loads safe.
@Suite("Owners held weakly")
struct OwnerReferenceTests {
    /// An observer that records when its deinitialization began, for any thread to see.
    final class Mortal: BSPActor, Sendable {
        let uri: ActorURI = "/actor/mortal"
        let lifetime = ActorLifetime()
        let obituary: Obituary
        init(_ obituary: Obituary) { self.obituary = obituary }
        deinit { obituary.record() }
    }

    /// Whether a ``Mortal`` has begun to go, and whether its handler ran after that.
    final class Obituary: Sendable {
        private let state = Locked((isGone: false, callsAfterDeath: 0, calls: 0))
        var isGone: Bool { state.withLock { $0.isGone } }
        var callsAfterDeath: Int { state.withLock { $0.callsAfterDeath } }
        var calls: Int { state.withLock { $0.calls } }
        func record() { state.withLock { $0.isGone = true } }
        func called() {
            state.withLock {
                $0.calls += 1
                if $0.isGone { $0.callsAfterDeath += 1 }
            }
        }
    }

    /// Hands the only strong reference to `mortal` to another thread, which drops it, and runs
    /// `body` over and over until it has.
    ///
    /// The thread is a thread of its own, not a block on a global queue: this loop holds one of
    /// the few threads Swift's concurrency shares with Dispatch, and a block waiting for another
    /// of them stalled the whole parallel test run until Dispatch made one more.
    static func drop(_ mortal: inout Mortal?, onAnotherThreadWhile body: () -> Void) {
        let last = Locked(mortal)
        mortal = nil
        let dropped = Locked(false)
        Thread {
            last.withLock { $0 = nil }
            dropped.withLock { $0 = true }
        }.start()
        while !dropped.withLock({ $0 }) {
            body()
        }
    }

    @Test(arguments: [false, true])
    func anObserverReleasedOnAnotherThreadIsNeverCalledOnceItHasBegunToGo(audited: Bool) {
        let recording = Recording()
        for _ in 0..<200 {
            let obituary = Obituary()
            let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
            var mortal: Mortal? = Mortal(obituary)
            notifier.observe(by: mortal!) { mortal, _ in mortal.obituary.called() }
            Self.drop(&mortal) { notifier.emit(1) }
            notifier.emit(2)

            #expect(obituary.isGone)
            #expect(obituary.callsAfterDeath == 0)
            #expect(notifier.observerCount == 0)
        }
    }

    @Test(arguments: [false, true])
    func aHandlerWhoseOwnerIsReleasedOnAnotherThreadStopsHandling(audited: Bool) {
        let recording = Recording()
        for _ in 0..<200 {
            let obituary = Obituary()
            let requests = RequestNotifier<Int, Int>(of: "/actor/mortal", audit: recording.context(audited: audited))
            var mortal: Mortal? = Mortal(obituary)
            requests.handle(by: mortal!) { mortal, value in
                mortal.obituary.called()
                return value
            }
            Self.drop(&mortal) { _ = try? requests.send(1) }

            #expect(throws: NotifierError.unhandledRequest(requests.uri)) { try requests.send(2) }
            #expect(obituary.callsAfterDeath == 0)
            #expect(!requests.isHandled)
        }
    }

    @Test(arguments: [false, true])
    func theHandlerOfAnOwnerThatHasGoneIsReleasedAtTheNextRequest(audited: Bool) {
        let recording = Recording()
        let requests = RequestNotifier<Int, Int>(of: "/actor/mortal", audit: recording.context(audited: audited))
        var owner: LifetimeTests.Witness? = LifetimeTests.Witness()
        let (_, witnessLives) = LifetimeTests.handlerCapturingAWitness(on: requests, keptBy: owner)

        owner = nil
        #expect(witnessLives())  // Installed until the notifier is next asked.
        #expect(throws: NotifierError.unhandledRequest(requests.uri)) { try requests.send(1) }

        #expect(!witnessLives())
        #expect(!requests.isHandled)
    }

    @Test(arguments: [false, true])
    func anObserverThatOthersReferenceWeaklyIsStillReleasedAndNamedOnlyWhileItLives(audited: Bool) {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
        var calls: [String] = []
        let staying = NamedActor("/actor/staying")
        var leaving: NamedActor? = NamedActor("/actor/leaving")
        // A weak reference elsewhere as well as the notifier's.
        weak let elsewhere = leaving
        notifier.observe(by: staying) { _, value in calls.append("staying \(value)") }
        notifier.observe(by: leaving!) { _, value in calls.append("leaving \(value)") }

        notifier.emit(1)
        leaving = nil
        notifier.emit(2)

        #expect(elsewhere == nil)
        #expect(calls == ["staying 1", "leaving 1", "staying 2"])
        #expect(notifier.observerCount == 1)
        if audited {
            #expect(
                recording.store.records.map(\.targets) == [["/actor/staying", "/actor/leaving"], ["/actor/staying"]])
        }
    }

    @Test(arguments: [false, true])
    func anObserverReleasedBeforeASendIsNeitherCalledNorNamed(audited: Bool) {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
        let obituary = Obituary()
        var mortal: Mortal? = Mortal(obituary)
        notifier.observe(by: mortal!) { mortal, _ in mortal.obituary.called() }

        mortal = nil
        notifier.emit(1)

        #expect(obituary.isGone)
        #expect(obituary.calls == 0)
        #expect(notifier.observerCount == 0)
        if audited {
            let record = recording.store.records.first
            #expect(record?.targets == [])
            #expect(record?.delivery == .unobserved)
        }
    }

    @Test func anObserverReleasedByAnEarlierHandlerGoesBeforeTheNextHandlerRuns() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context)
        let obituary = Obituary()
        var mortal: Mortal? = Mortal(obituary)
        var goneWhenTheLastRan: Bool?
        let first = NamedActor("/actor/first")
        notifier.observe(by: first) { _, _ in mortal = nil }
        notifier.observe(by: mortal!) { mortal, _ in mortal.obituary.called() }
        let last = NamedActor("/actor/last")
        notifier.observe(by: last) { _, _ in goneWhenTheLastRan = obituary.isGone }

        notifier.emit(1)

        #expect(obituary.calls == 0)
        #expect(goneWhenTheLastRan == true)
        withExtendedLifetime((first, last)) {}
    }
}
