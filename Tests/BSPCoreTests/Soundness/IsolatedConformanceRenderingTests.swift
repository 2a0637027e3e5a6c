@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// How many times a main-actor description or encoding ran off the thread the main actor ran
/// the test on.
private let descriptionsOffMain = Locked(0)
/// The thread the test's main-actor code ran on.
private let mainActorThread = Locked<pthread_t?>(nil)

private func noteIfOffTheMainActorsThread() {
    let current = pthread_self()
    let onIt = mainActorThread.withLock { $0.map { pthread_equal($0, current) != 0 } ?? true }
    if !onIt { descriptionsOffMain.withLock { $0 += 1 } }
}

/// A value whose description and encoding are isolated to the main actor, as a view model's
/// may be: they hold only there.
///
/// A notifier cannot find such conformances once and keep them: a cast of the type
/// (`type is any Encodable.Type`) succeeds on any thread, and only a cast of a value, made on
/// the thread that sends it, tells whether the conformance holds there. So each value is
/// asked, as it is sent.
struct Banner: Sendable {
    let text: String
}

extension Banner: @MainActor CustomStringConvertible {
    var description: String {
        noteIfOffTheMainActorsThread()
        return "banner(\(text))"
    }
}

extension Banner: @MainActor Encodable {
    func encode(to encoder: any Encoder) throws {
        noteIfOffTheMainActorsThread()
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// Carries a notifier to another thread, as an app hands one over once; the test uses it from
/// one thread at a time.
private final class Handover<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("A conformance isolated to an actor is never used off it")
struct IsolatedConformanceRenderingTests {
    @MainActor
    @Test("a notifier that rendered on the main actor does not call a main-actor description elsewhere")
    func aMainActorDescriptionIsNotCalledOffTheMainThread() async throws {
        mainActorThread.withLock { $0 = pthread_self() }
        let store = InMemoryAuditStore()
        let notifier = EventNotifier<Banner>(of: "/actor/presentation", audit: AuditContext(store: store))
        notifier.emit(Banner(text: "on main"))  // the notifier decides how it renders here
        let handover = Handover(notifier)

        await Task.detached { handover.value.emit(Banner(text: "elsewhere")) }.value

        #expect(descriptionsOffMain.withLock { $0 } == 0)
        let records = store.records
        #expect(records.count == 2)
        #expect(records.first?.notification == "banner(on main)")
        #expect(records.last?.notification != "banner(elsewhere)")
        #expect(records.last?.value == nil)
    }
}

/// A struct of numbers whose description is isolated to the main actor.
struct Reading: Sendable {
    let celsius: Int
}

extension Reading: @MainActor CustomStringConvertible {
    var description: String { "\(celsius) °C" }
}

@Suite("A struct of numbers with an isolated description")
struct IsolatedDescriptionWaitingTests {
    @MainActor
    @Test("sent off the main actor, it reads as it was sent there, whichever thread reads it")
    func itIsRenderedWhereItWasSent() async throws {
        let store = InMemoryAuditStore()
        let handover = await Task.detached {
            // Made, decided and sent off the main actor, where its description does not hold.
            let notifier = EventNotifier<Reading>(of: "/actor/service/thermometer", audit: AuditContext(store: store))
            notifier.emit(Reading(celsius: 21))
            return store.records.count
        }.value

        // Read on the main actor, where the description would hold.
        #expect(handover == 1)
        #expect(store.records.first?.notification == "Reading(celsius: 21)")
    }
}
