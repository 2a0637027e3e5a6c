import BSPCore
import Testing

/// A Behaviour may aggregate Service and Presentation events into meta-events of its own.
@Suite("Meta-actors")
struct MetaActorTests {
    enum Meta: Equatable {
        case readyToShowLocation
    }

    /// Emits `readyToShowLocation` once the user asked and the service has a fix, whichever
    /// came first.
    final class Readiness: BSPActor {
        let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        let meta = EventNotifier<Meta>(of: "/actor/behaviour", named: "meta")
        private var asked = false
        private var hasFix = false

        init(intents: EventPort<String>, fixes: EventPort<String>) {
            intents.observe(by: self) { readiness, _ in
                readiness.asked = true
                readiness.emitIfReady()
            }
            fixes.observe(by: self) { readiness, _ in
                readiness.hasFix = true
                readiness.emitIfReady()
            }
        }

        private func emitIfReady() {
            if asked && hasFix { meta.emit(.readyToShowLocation) }
        }
    }

    @Test func metaEventsAreAuditedWithTheEventThatCompletedThem() {
        let recording = Recording()
        let (intents, fixes, behaviour) = recording.context.withCurrent {
            let intents = EventNotifier<String>(of: "/actor/presentation")
            let fixes = EventNotifier<String>(of: "/actor/service")
            return (intents, fixes, Readiness(intents: intents.port, fixes: fixes.port))
        }
        var metaEvents: [Meta] = []
        let token = behaviour.meta.observe { metaEvents.append($0) }

        fixes.emit("fix")
        intents.emit("show location")

        #expect(metaEvents == [.readyToShowLocation])
        #expect(
            recording.lines == [
                "#1 /actor/service/notifier/event <event>: fix",
                "#2 /actor/presentation/notifier/event <event>: show location",
                "#3 /actor/behaviour/notifier/meta <event>: readyToShowLocation ← #2",
            ])
        _ = token
    }
}
