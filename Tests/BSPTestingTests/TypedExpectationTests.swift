import BSPCore
import BSPTesting
import Testing

/// A thermostat: asked for a temperature, it reports the reading and, past a limit, an alarm.
private final class Thermostat: UniqueActor {
    static let uri: ActorURI = "/actor/service/thermostat"
    let lifetime = ActorLifetime()

    enum Request: Equatable, Sendable {
        case read(room: String)
    }

    enum Event: Equatable, Sendable {
        case reading(room: String, celsius: Double)
        case alarm(room: String)
    }

    let requests = RequestNotifier<Request, Void>(of: Thermostat.uri)
    let events = EventNotifier<Event>(of: Thermostat.uri)
    var temperatures: [String: Double] = ["kitchen": 21.5, "attic": 41]

    init() {
        requests.handle(by: self) { thermostat, request in
            guard case .read(let room) = request else { return }
            let celsius = thermostat.temperatures[room] ?? 0
            thermostat.events.emit(.reading(room: room, celsius: celsius))
            if celsius > 40 {
                thermostat.events.emit(.alarm(room: room))
            }
        }
    }
}

@Suite("Typed expectations")
struct TypedExpectationTests {

    @Test("an Equatable notification on a notifier, checked by the compiler, accounted for")
    func equatablePayload() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        fabric.expect(fabric.events, .reading(room: "attic", celsius: 41))
        fabric.expect(fabric.events.port, .alarm(room: "attic"))
        fabric.expectNothingElse()
    }

    @Test("a case and a predicate on its payload")
    func caseAndPredicate() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "kitchen"))
        fabric.expect(fabric.events, "a comfortable reading") { event in
            guard case .reading(_, let celsius) = event else { return false }
            return (18...24).contains(celsius)
        }
        fabric.expectNothingElse()
    }

    @Test("a miss fails with the transcript failure text, naming the closest line")
    func missFailsLikeSubstrings() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "kitchen"))
        let text = failureText { fabric.expect(fabric.events, .reading(room: "kitchen", celsius: 22)) }
        #expect(text.hasPrefix("expect(/actor/service/thermostat/notifier/event, …) failed (on "))
        #expect(text.contains(#"[1] "reading(room: \"kitchen\", celsius: 22.0)" ✗ not found; closest: #2"#))
        #expect(text.contains("Transcript ("))
    }

    @Test("a typed expectation looks only at lines not yet accounted for, like the substring ones")
    func accountingIsShared() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        fabric.expect(contains: ["alarm(room: \"attic\")"])
        let text = failureText { fabric.expect(fabric.events, .alarm(room: "attic")) }
        #expect(text.contains("✗ not found"))
    }

    @Test("two matching lines are ambiguous")
    func ambiguous() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        fabric.exercise(fabric.requests, .read(room: "attic"))
        let text = failureText { fabric.expect(fabric.events, .alarm(room: "attic")) }
        #expect(text.contains("✗ ambiguous: matches 2 lines"))
    }

    @Test("the request a test sent is its own input, already accounted for")
    func requests() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        let text = failureText { fabric.expect(fabric.requests, .read(room: "attic")) }
        #expect(text.contains("✗ not found"))
    }

    @Test("a string notification, which the trail keeps as its text, is read by a predicate")
    func stringsAreReadByAPredicate() {
        let fabric = TestFabric { EventNotifier<String>(of: "/actor/service/log") }
        fabric.system.emit("cellar: 41 °C")
        fabric.system.emit("attic: 19 °C")

        fabric.expect(fabric.system, "the cellar's reading") { $0.hasPrefix("cellar") }
        fabric.expect(fabric.system, "attic: 19 °C")
    }

    @Test("typed, in order: each after the last, with other lines between, each accounted for")
    func typedInOrder() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        fabric.exercise(fabric.requests, .read(room: "kitchen"))

        fabric.expect(
            fabric.events, inOrder: [.reading(room: "attic", celsius: 41), .reading(room: "kitchen", celsius: 21.5)])
        fabric.expect(fabric.events, .alarm(room: "attic"))
        fabric.expectNothingElse()
    }

    @Test("typed, in order: out of order fails, naming what was found and the closest")
    func typedInOrderFailure() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        let text = failureText {
            fabric.expect(fabric.events, inOrder: [.alarm(room: "attic"), .reading(room: "attic", celsius: 41)])
        }

        #expect(text.hasPrefix("expect(/actor/service/thermostat/notifier/event, inOrder: …) failed"))
        #expect(text.contains(#"[1] "alarm(room: \"attic\")" ✓ matched #3"#))
        #expect(text.contains(#"[2] "reading(room: \"attic\", celsius: 41.0)" ✗ not found; closest: #2"#))
    }

    @Test("typed, exactly: every line on the notifier, in order, and nothing more")
    func typedExactly() {
        let fabric = TestFabric { Thermostat() }
        fabric.exercise(fabric.requests, .read(room: "attic"))
        fabric.expect(fabric.events, exactly: [.reading(room: "attic", celsius: 41), .alarm(room: "attic")])
        fabric.expectNothingElse()

        fabric.exercise(fabric.requests, .read(room: "attic"))
        let text = failureText { fabric.expect(fabric.events, exactly: [.reading(room: "attic", celsius: 41)]) }
        #expect(text.contains("✓ matched #5"))
        #expect(text.contains("Not accounted for:"))
        #expect(text.contains("#6 /actor/service/thermostat/notifier/event <event>: alarm(room: \"attic\")"))
    }

    @Test("typed, a count: how many lines on the notifier are this notification, all accounted for")
    func typedCount() {
        let fabric = TestFabric { Thermostat() }
        for _ in 1...3 { fabric.exercise(fabric.requests, .read(room: "attic")) }

        fabric.expect(fabric.events, count: 3, of: .alarm(room: "attic"))
        let text = failureText { fabric.expect(fabric.events, count: 2, of: .reading(room: "attic", celsius: 41)) }
        #expect(text.contains("✗ expected 2 lines, found 3 (#2, #5, #8)"))
        fabric.expect(fabric.events, count: 3, of: .reading(room: "attic", celsius: 41))
        fabric.expectNothingElse()
    }

    @Test("typed, the latest or the n-th of a notification that repeats: that one line, accounted for")
    func typedOccurrence() {
        let fabric = TestFabric { Thermostat() }
        for _ in 1...3 { fabric.exercise(fabric.requests, .read(room: "attic")) }

        fabric.expect(fabric.events, .alarm(room: "attic"), occurrence: .latest)
        fabric.expect(fabric.events, .alarm(room: "attic"), occurrence: .nth(1))
        let text = failureText { fabric.expect(fabric.events, .alarm(room: "attic"), occurrence: .nth(2)) }
        #expect(text.contains("✗ not found"), "only one of the three is left: the second of the first two taken")
        fabric.expect(fabric.events, .alarm(room: "attic"))
        let ambiguous = failureText { fabric.expect(fabric.events, .reading(room: "attic", celsius: 41)) }
        #expect(ambiguous.contains("✗ ambiguous: matches 3 lines (#2, #5, #8)"))
    }

    struct Credentials: Equatable, Sendable {
        var user: String
        var password: Private<String>
    }

    @Test("an expectation that differs only in a private field says so, where both read the same")
    func privateDifferenceIsNamed() {
        let fabric = TestFabric { EventNotifier<Credentials>(of: "/actor/service/login") }
        fabric.system.emit(Credentials(user: "ada", password: "lovelace"))

        let text = failureText { fabric.expect(fabric.system, Credentials(user: "ada", password: "WRONG")) }

        #expect(text.contains("closest: #1"))
        #expect(text.contains("It reads the same as that line, yet is not the same value"))
        #expect(text.contains("in a Private field (shown as <private>)"))
    }
}

@Suite("Typed expectations across notifiers")
struct CrossNotifierTypedOrderTests {
    private static func locationApp(
        exhaustive: [ActorURI] = []
    ) -> TestFabric<(LocationService, LocationPresentation, LocationBehaviour)> {
        TestFabric(exhaustive: exhaustive) {
            let service = LocationService { "Darwin" }
            let presentation = LocationPresentation()
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }
    }

    @Test("notifications of different notifiers, in the order they were sent, pass and are accounted for")
    func inOrderAcrossNotifiers() async {
        let app = Self.locationApp(exhaustive: ["/actor/service", "/actor/presentation"])
        let (service, presentation, _) = app.system
        app.exercise(presentation.events, .showLocationTapped)

        app.expect(inOrder: [
            .on(service.requests, .resolveLocation),
            .on(service.analytics, "location requested"),
            .on(service.events, .resolved("Darwin")),
            .on(presentation.requests, .show("Darwin")),
        ])

        await app.finish()
    }

    @Test("the same notifications out of order fail, naming the one not found after the last")
    func outOfOrderFails() {
        let app = Self.locationApp()
        let (service, presentation, _) = app.system
        app.exercise(presentation.events, .showLocationTapped)

        let text = failureText {
            app.expect(inOrder: [
                .on(presentation.requests, .show("Darwin")),
                .on(service.requests, .resolveLocation),
            ])
        }

        #expect(text.contains("expect(inOrder: …) across notifiers"))
        #expect(text.contains("[2] \"/actor/service/notifier/request: resolveLocation\" ✗ not found"))
        app.expect(inOrder: [.on(service.requests, .resolveLocation), .on(presentation.requests, .show("Darwin"))])
    }
}

/// What a sheet shows: a value nested in a value, which `String(describing:)` spells with its
/// module and type names.
enum Destination: Equatable, Sendable {
    enum Alert: Equatable, Sendable { case confirmDeletion, saved }
    case alert(Alert)
}

@Suite("One value, one spelling")
struct TypedSpellingTests {
    @Test("a typed expectation spells the expected value as the transcript spells the sent one")
    func expectedIsSpelledAsTheTranscript() {
        let app = TestFabric { EventNotifier<Destination>(of: "/actor/behaviour", named: "destination") }
        app.exercise(app.system, .alert(.saved))

        let text = failureText { app.expect(app.system, .alert(.confirmDeletion)) }

        let sent = String(describing: Destination.alert(.saved))
        let expected = String(describing: Destination.alert(.confirmDeletion))
        #expect(sent.hasPrefix("alert(BSPTestingTests.Destination.Alert."))
        #expect(text.contains("[1] \"\(expected)\" ✗ not found"))
        #expect(text.contains("<event>: \(sent)"))
    }
}
