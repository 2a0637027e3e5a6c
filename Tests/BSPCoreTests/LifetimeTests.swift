import BSPCore
import Testing

/// Notifiers, tokens and observers never keep each other alive.
@Suite("Lifetimes")
struct LifetimeTests {
    final class Witness {}

    @Test func releasingTheTokenCancelsTheObservationAndReleasesTheHandler() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        weak var captured: Witness?
        var calls = 0
        var token: Registration? = {
            let witness = Witness()
            captured = witness
            return notifier.observe { _ in
                _ = witness
                calls += 1
            }
        }()
        notifier.emit(1)
        #expect(captured != nil)

        token = nil

        notifier.emit(2)
        #expect(calls == 1)
        #expect(captured == nil)
        #expect(notifier.observerCount == 0)
        _ = token
    }

    @Test func cancelReleasesTheHandlerAtOnce() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        weak var captured: Witness?
        let token: Registration = {
            let witness = Witness()
            captured = witness
            return notifier.observe { _ in _ = witness }
        }()

        token.cancel()

        #expect(captured == nil)
        #expect(token.isCancelled)
    }

    @Test func aTokenDoesNotKeepItsNotifierAlive() {
        var notifier: EventNotifier<Int>? = EventNotifier(of: "/actor/source")
        weak let weakNotifier = notifier
        let token = notifier!.observe { _ in }

        notifier = nil

        #expect(weakNotifier == nil)
        token.cancel()  // cancelling after the notifier is gone is harmless
        #expect(token.isCancelled)
    }

    @Test func aNotifierReleasesItsHandlersWhenItGoes() {
        weak var captured: Witness?
        var notifier: EventNotifier<Int>? = EventNotifier(of: "/actor/source")
        let token: Registration = {
            let witness = Witness()
            captured = witness
            return notifier!.observe { _ in _ = witness }
        }()

        notifier = nil

        #expect(captured == nil)
        _ = token
    }

    @Test func anActorThatObservesItsOwnNotifierIsReleased() {
        final class SelfObserver: BSPActor {
            let uri: ActorURI = "/actor/self-observer"
            let lifetime = ActorLifetime()
            let events = EventNotifier<Int>(of: "/actor/self-observer")
            init() {
                events.observe(by: self) { observer, _ in _ = observer.uri }
            }
        }
        weak var actor: SelfObserver?
        do {
            let strong = SelfObserver()
            actor = strong
            strong.events.emit(1)
        }
        #expect(actor == nil)
    }

    @Test func aHandlerCancelledDuringASendIsReleasedWhenTheSendEnds() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        weak var captured: Witness?
        var capturedAfterCancelling: Bool?
        var token: Registration?
        do {
            let witness = Witness()
            captured = witness
            token = notifier.observe { _ in
                token?.cancel()
                // Still running: what it captured is still there.
                capturedAfterCancelling = captured != nil
                _ = witness
            }
        }

        notifier.emit(1)

        #expect(capturedAfterCancelling == true)
        #expect(captured == nil)
        #expect(token?.isCancelled == true)
    }

    /// Installs on `notifier` a handler that captures a witness — kept by `owner`, or, without
    /// one, by the returned token — and returns the token with a way to tell whether the
    /// witness lives.
    static func handlerCapturingAWitness(
        on notifier: RequestNotifier<Int, Int>, keptBy owner: Witness?
    ) -> (token: Registration?, witnessLives: () -> Bool) {
        let witness = Witness()
        weak let captured = witness
        let handler: (Int) -> Int = { value in
            _ = witness
            return value
        }
        guard let owner else {
            return (notifier.handle(handler), { captured != nil })
        }
        notifier.handle(by: owner) { _, value in handler(value) }
        return (nil, { captured != nil })
    }

    @Test(arguments: [false, true])
    func removeHandlerReleasesTheHandlerAtOnce(keptByToken: Bool) {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/source")
        let owner = Witness()
        let (token, witnessLives) = Self.handlerCapturingAWitness(on: notifier, keptBy: keptByToken ? nil : owner)

        notifier.removeHandler()

        #expect(!witnessLives())
        #expect(!notifier.isHandled)
        #expect(token?.isCancelled != true)  // a token outlives its handler harmlessly
    }

    @Test(arguments: [false, true], [false, true])
    func aHandlerThatRemovesItselfFinishesItsRequestAndIsReleasedAfterIt(audited: Bool, keptByToken: Bool) throws {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Int>(of: "/actor/source", audit: recording.context(audited: audited))
        let owner = Witness()
        weak var captured: Witness?
        var capturedDuringTheRequest: Bool?
        var token: Registration?
        do {
            let witness = Witness()
            captured = witness
            let handler: (Int) -> Int = { value in
                if keptByToken { token?.cancel() } else { notifier.removeHandler() }
                // Still running: what it captured is still there.
                capturedDuringTheRequest = captured != nil
                _ = witness
                return value * 2
            }
            if keptByToken {
                token = notifier.handle(handler)
            } else {
                notifier.handle(by: owner) { _, value in handler(value) }
            }
        }

        #expect(try notifier.send(21) == 42)

        #expect(capturedDuringTheRequest == true)
        #expect(captured == nil)
        #expect(throws: NotifierError.unhandledRequest(notifier.uri)) { try notifier.send(1) }
    }

    @Test func aHandlerReplacedTwiceDuringItsRequestStillFinishesIt() throws {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/source")
        let first = Witness()
        let second = Witness()
        weak var captured: Witness?
        var capturedAtTheEnd: Bool?
        do {
            let witness = Witness()
            captured = witness
            notifier.handle(by: first) { _, value in
                notifier.removeHandler()
                notifier.handle(by: second) { _, value in
                    notifier.removeHandler()  // the second, while it runs nested in the first
                    return value
                }
                let nested = (try? notifier.send(value)) ?? 0
                capturedAtTheEnd = captured != nil
                _ = witness
                return nested + 1
            }
        }

        #expect(try notifier.send(1) == 2)

        #expect(capturedAtTheEnd == true)
        #expect(captured == nil)
        #expect(!notifier.isHandled)
    }

    @Test func aRequestNotifierDoesNotKeepItsOwnerAlive() throws {
        weak var weakEcho: EchoActor?
        var notifier: RequestNotifier<String, String>?
        do {
            let echo = try EchoActor()
            weakEcho = echo
            notifier = echo.requests
        }
        #expect(weakEcho == nil)
        #expect(notifier?.isHandled == false)
    }

    @Test func anObservingActorIsNotKeptAliveByTheNotifierItObserves() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        final class Observer: BSPActor {
            let uri: ActorURI = "/actor/observer"
            let lifetime = ActorLifetime()
            init(_ notifier: EventNotifier<Int>) {
                notifier.observe(by: self) { _, _ in }
            }
        }
        weak var observer: Observer?
        do {
            let strong = Observer(notifier)
            observer = strong
            #expect(notifier.observerCount == 1)
        }
        #expect(observer == nil)
        #expect(notifier.observerCount == 0)
    }
}
