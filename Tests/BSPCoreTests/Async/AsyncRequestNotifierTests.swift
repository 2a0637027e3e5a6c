import BSPCore
import Testing

@Suite("Asynchronous requests")
struct AsyncRequestNotifierTests {
    actor Geocoder {
        var asked: [String] = []
        func place(for address: String) async -> String {
            asked.append(address)
            await Task.yield()
            return "place of \(address)"
        }
    }

    /// A handler that works until it is cancelled, and says whether it saw the cancellation.
    actor Patient {
        var sawCancellation = false
        var started = false
        func work() async -> Int {
            started = true
            while !Task.isCancelled { await Task.yield() }
            sawCancellation = true
            return -1
        }
    }

    @Test func theCallerAwaitsTheHandlersReply() async throws {
        let geocoder = Geocoder()
        let lookups = AsyncRequestNotifier<String, String>(of: "/actor/service/geocoder")
        lookups.handle(by: geocoder) { geocoder, address in await geocoder.place(for: address) }

        let place = try await lookups.send("Bennelong Point")

        #expect(place == "place of Bennelong Point")
        #expect(await geocoder.asked == ["Bennelong Point"])
    }

    @Test func aRequestWithoutAHandlerFailsNamingTheURI() async {
        let recording = Recording()
        let lookups = AsyncRequestNotifier<String, String>(of: "/actor/service/geocoder", audit: recording.context)

        await #expect(throws: NotifierError.unhandledRequest(lookups.uri)) { try await lookups.send("nowhere") }
        #expect(recording.store.records.map(\.delivery) == [.undelivered])
    }

    @Test func aRequestToAHandlerThatIsGoneFailsAndASecondHandlerIsRefused() async throws {
        let recording = Recording()
        let lookups = AsyncRequestNotifier<String, String>(of: "/actor/service/geocoder", audit: recording.context)
        var geocoder: Geocoder? = Geocoder()
        lookups.handle(by: geocoder!) { geocoder, address in await geocoder.place(for: address) }
        let intruder = Geocoder()
        lookups.handle(by: intruder) { _, _ in "intruder" }

        #expect(recording.faults.notifier == [.handlerAlreadyInstalled(lookups.uri)])
        #expect(try await lookups.send("x") == "place of x")
        geocoder = nil

        #expect(!lookups.isHandled)
        await #expect(throws: NotifierError.unhandledRequest(lookups.uri)) { try await lookups.send("x") }
    }

    @Test func cancellingTheCallerReachesTheHandlerAndTheCallerGetsATypedError() async throws {
        let patient = Patient()
        let work = AsyncRequestNotifier<Void, Int>(of: "/actor/service/worker")
        work.handle(by: patient) { patient, _ in await patient.work() }

        let caller = Task { try await work.send(()) }
        while await !patient.started { await Task.yield() }
        caller.cancel()

        await #expect(throws: NotifierError.cancelled(work.uri)) { try await caller.value }
        #expect(await patient.sawCancellation)
    }

    @Test func aCallerAlreadyCancelledDoesNotReachTheHandler() async throws {
        let geocoder = Geocoder()
        let lookups = AsyncRequestNotifier<String, String>(of: "/actor/service/geocoder")
        lookups.handle(by: geocoder) { geocoder, address in await geocoder.place(for: address) }

        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lookups.send("never")
        }

        await #expect(throws: NotifierError.cancelled(lookups.uri)) { try await caller.value }
        #expect(await geocoder.asked.isEmpty)
    }

    @Test func aTerminatedScopesAsynchronousRequestsAreRefusedNamingTheScope() async throws {
        final class Lookup: Scope {
            let uri: ActorURI = "/actor/behaviour/scope/lookup"
            let lifecycle = ScopeLifecycle()
            let requests = AsyncRequestNotifier<String, String>(of: "/actor/behaviour/scope/lookup")
            init() { lifecycle.bind(requests) }
        }
        let geocoder = Geocoder()
        let lookup = Lookup()
        lookup.requests.handle(by: geocoder) { geocoder, address in await geocoder.place(for: address) }
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        try stack.push(lookup)
        #expect(try await lookup.requests.send("here") == "place of here")

        try stack.pop()

        let refusal = NotifierError.scopeTerminated(lookup.requests.uri, scope: lookup.uri)
        await #expect(throws: refusal) { try await lookup.requests.send("there") }
        lookup.requests.handle(by: geocoder) { _, _ in "" }
        await #expect(throws: refusal) { try await lookup.requests.send("again") }
    }
}
