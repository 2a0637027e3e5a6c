import BSPCore
import Testing

@Suite("Request handlers kept by a token")
struct TokenHeldHandlerTests {
    @Test func theHandlerRepliesWhileTheTokenLives() throws {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math")

        let token = notifier.handle { value in value * 2 }

        #expect(notifier.isHandled)
        #expect(try notifier.send(21) == 42)
        withExtendedLifetime(token) {}
    }

    @Test func cancellingTheTokenRemovesTheHandlerAtOnceAndReleasesIt() {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math", audit: recording.context)
        let (token, witnessLives) = LifetimeTests.handlerCapturingAWitness(on: notifier, keptBy: nil)

        token?.cancel()

        #expect(!witnessLives())
        #expect(!notifier.isHandled)
        #expect(throws: NotifierError.unhandledRequest(notifier.uri)) { try notifier.send(1) }
        #expect(recording.lines == ["#1 /actor/math/notifier/request <request>: 1 [undelivered]"])
    }

    @Test func releasingTheTokenRemovesTheHandler() {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math")
        do {
            let token = notifier.handle { $0 }
            #expect(notifier.isHandled)
            withExtendedLifetime(token) {}
        }
        #expect(!notifier.isHandled)
        #expect(throws: NotifierError.unhandledRequest(notifier.uri)) { try notifier.send(1) }
    }

    @Test func theTokenKeepsNeitherTheNotifierNorItsHandlerAlive() {
        weak var released: RequestNotifier<Int, Int>?
        var token: Registration?
        do {
            let notifier = RequestNotifier<Int, Int>(of: "/actor/math")
            released = notifier
            token = notifier.handle { $0 }
        }
        #expect(released == nil)
        token?.cancel()
        #expect(token?.isCancelled == true)
    }

    @Test func aSecondHandlerIsAFaultWhicheverWayEachIsKept() throws {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math", audit: recording.context)
        let owner = NamedActor("/actor/math")
        let first = notifier.handle { $0 + 1 }

        let second = notifier.handle { $0 + 2 }
        notifier.handle(by: owner) { _, value in value + 3 }

        #expect(second.isCancelled)
        #expect(try notifier.send(1) == 2)
        #expect(
            recording.faults.notifier == [
                .handlerAlreadyInstalled(notifier.uri), .handlerAlreadyInstalled(notifier.uri),
            ])
        second.cancel()  // cancelling the refused token leaves the installed handler alone
        #expect(try notifier.send(1) == 2)
        withExtendedLifetime(first) {}
    }

    @Test func aTokenForAHandlerThatIsGoneDoesNotRemoveItsSuccessor() throws {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math")
        let old = notifier.handle { $0 + 1 }
        notifier.removeHandler()
        let owner = NamedActor("/actor/math")
        notifier.handle(by: owner) { _, value in value + 2 }

        old.cancel()

        #expect(try notifier.send(1) == 3)
    }

    @Test func anAuditedRequestNamesTheNotifiersActorAsItsTargetAndHandler() throws {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math", audit: recording.context)
        let events = EventNotifier<Int>(of: "/actor/math", audit: recording.context)
        let token = notifier.handle { value in
            events.emit(value)
            return value
        }

        _ = try notifier.send(7)

        #expect(recording.store.records.map(\.targets) == [["/actor/math"], []])
        #expect(recording.store.records.map(\.source) == [nil, "/actor/math"])
        #expect(recording.store.records.map(\.cause) == [nil, 1])
        withExtendedLifetime(token) {}
    }

    @Test func aNotifierOfATerminatedScopeRefusesATokenHeldHandler() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let scope = recording.context.withCurrent { TokenScope() }
        try stack.push(scope)
        try stack.pop()

        let token = scope.requests.handle { $0 }

        #expect(token.isCancelled)
        #expect(recording.faults.notifier == [.scopeTerminated(scope.requests.uri, scope: scope.uri)])
    }

    @Test func aHandlerMaySendOnItsOwnNotifierNested() throws {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/math")
        let token = notifier.handle { value in
            value <= 1 ? 1 : value * ((try? notifier.send(value - 1)) ?? 0)
        }

        #expect(try notifier.send(5) == 120)
        withExtendedLifetime(token) {}
    }
}

/// A scope that owns a request notifier it does not handle by itself.
private final class TokenScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/token"
    let lifecycle = ScopeLifecycle()
    let requests = RequestNotifier<Int, Int>(of: "/actor/behaviour/scope/token")

    func activate() {
        lifecycle.bind(requests)
    }
}
