import BSPCore
import BSPTesting
import Testing

/// `expectBSPRules()` checks a fabric, as it ran and as it is connected, against BSP's rules.
@Suite("expectBSPRules")
struct BSPRulesTests {
    @Test func theLocationAppKeepsTheRules() {
        let app = TestFabric {
            let service = LocationService { "Sydney" }
            let presentation = LocationPresentation()
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }

        app.exercise(app.system.1.events, .showLocationTapped)

        app.expectBSPRules()
    }

    /// A Presentation that listens to the Service itself, bypassing the Behaviour.
    final class ShortcutPresentation: UniqueActor {
        static let uri: ActorURI = "/actor/presentation"
        let lifetime = ActorLifetime()
        init(service: EventPort<ServiceEvent>) {
            service.observe(by: self) { _, _ in }
        }
    }

    @Test func aPresentationObservingTheServiceFailsNamingTheURIsAndTheRule() {
        let app = TestFabric {
            let service = LocationService { "Sydney" }
            return (service, ShortcutPresentation(service: service.events.port))
        }
        app.exercise(app.system.0.requests, .resolveLocation)

        withKnownIssue {
            app.expectBSPRules()
        } matching: { issue in
            let text = issue.text
            return text.hasPrefix("expectBSPRules() failed: 1 rule broken.")
                && text.contains(
                    "'/actor/service' notified '/actor/presentation' directly on '/actor/service/notifier/event': "
                        + "Service and Presentation talk only through the Behaviour.")
        }
    }
}
