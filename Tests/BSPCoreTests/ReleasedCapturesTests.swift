import BSPCore
import Testing

/// What a handler captured is released when its observation ends; its `deinit` may run any code,
/// including code that emits on, or observes, the notifier that is letting go of it.
@Suite("Captures released by a notifier")
struct ReleasedCapturesTests {
    /// Emits on `notifier` when it goes.
    final class LastWords {
        let notifier: EventNotifier<Int>
        init(_ notifier: EventNotifier<Int>) { self.notifier = notifier }
        deinit { notifier.emit(-1) }
    }

    /// Starts two new observations of `notifier` when it goes.
    final class Successor {
        let notifier: EventNotifier<Int>
        let heard: Tally
        init(_ notifier: EventNotifier<Int>, heard: Tally) {
            self.notifier = notifier
            self.heard = heard
        }
        deinit {
            let heard = self.heard
            for _ in 0..<2 {
                notifier.observe { _ in heard.increment() }.store(in: &Self.kept)
            }
        }
        nonisolated(unsafe) static var kept: [Registration] = []
    }

    @Test func aCaptureWhoseDeinitEmitsOnTheNotifierReleasingItIsSafe() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var owners: [NamedActor]? = [NamedActor("/actor/a"), NamedActor("/actor/b")]
        var heard: [Int] = []
        let first = notifier.observe { event in
            heard.append(event)
            if event == 0 { owners = nil }  // the later observers' owners go mid-send
        }
        for owner in owners! {
            let lastWords = LastWords(notifier)
            notifier.observe(by: owner) { _, _ in withExtendedLifetime(lastWords) {} }
        }

        notifier.emit(0)
        notifier.emit(1)

        #expect(heard == [0, -1, -1, 1])
        withExtendedLifetime(first) {}
    }

    @Test func aCaptureWhoseDeinitObservesTheNotifierReleasingItIsSafe() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        let heard = Tally()
        var registrations: [Registration] = []
        for _ in 0..<3 {
            let successor = Successor(notifier, heard: heard)
            registrations.append(notifier.observe { _ in withExtendedLifetime(successor) {} })
        }
        let canceller = notifier.observe { _ in for registration in registrations { registration.cancel() } }

        notifier.emit(0)
        notifier.emit(1)

        #expect(notifier.observerCount == 7)  // the canceller, and two from each successor
        #expect(heard.count == 6)
        Successor.kept = []
        withExtendedLifetime(canceller) {}
    }
}
