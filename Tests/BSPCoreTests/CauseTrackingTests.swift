import BSPCore
import Testing

@Suite("Cause tracking")
struct CauseTrackingTests {
    /// A tap whose handler starts a task that reports later, as a Behaviour that fetches
    /// something would; returns the transcript once the task is done.
    @MainActor
    private func tapThatReportsFromATask(_ causeTracking: AuditContext.CauseTracking) async -> [String] {
        let recording = Recording(causeTracking: causeTracking)
        let (tap, report) = recording.context.withCurrent {
            (EventNotifier<String>(of: "/actor/presentation"), EventNotifier<String>(of: "/actor/service"))
        }
        var work: Task<Void, Never>?
        let token = tap.observe { _ in
            // Observers are called on the emitting actor: here, the main actor.
            MainActor.assumeIsolated {
                work = Task { @MainActor in
                    await Task.yield()
                    report.emit("fetched later")
                }
            }
        }

        tap.emit("tap")
        await work?.value

        withExtendedLifetime(token) {}
        return recording.lines
    }

    @MainActor
    @Test func acrossTasksATaskStartedInAHandlerKeepsThatHandlersNotificationAsItsCause() async {
        #expect(
            await tapThatReportsFromATask(.acrossTasks) == [
                "#1 /actor/presentation/notifier/event <event>: tap",
                "#2 /actor/service/notifier/event <event>: fetched later ← #1 [unobserved]",
            ])
    }

    @MainActor
    @Test func synchronousTrackingLeavesWhatATaskSendsLaterWithoutACause() async {
        #expect(
            await tapThatReportsFromATask(.synchronous) == [
                "#1 /actor/presentation/notifier/event <event>: tap",
                "#2 /actor/service/notifier/event <event>: fetched later [unobserved]",
            ])
    }

    @MainActor
    @Test func aTaskStartedByANamedObserverSendsAsThatObserverAfterTheObservationIsGone() async throws {
        let recording = Recording(causeTracking: .acrossTasks)
        let (tap, echo) = try recording.context.withCurrent {
            (EventNotifier<String>(of: "/actor/presentation"), try EchoActor())
        }
        var behaviour: NamedActor? = NamedActor("/actor/behaviour")
        weak let released = behaviour
        var work: Task<Void, Never>?
        tap.observe(by: behaviour!) { _, _ in
            MainActor.assumeIsolated {
                work = Task { @MainActor in
                    await Task.yield()
                    _ = try? echo.requests.send("fetched later")
                }
            }
        }

        tap.emit("tap")
        behaviour = nil  // the observation ends with its observer, before the task sends
        tap.emit("unheard")
        await work?.value

        #expect(released == nil)
        let request = try #require(recording.store.records.first { $0.notification == "fetched later" })
        #expect(request.source == "/actor/behaviour")
        #expect(request.cause == 1)
    }

    @Test func theDefaultFollowsSynchronousHandlersOnly() {
        #expect(AuditContext(store: InMemoryAuditStore()).causeTracking == .synchronous)
    }

    @Test(arguments: [AuditContext.CauseTracking.synchronous, .acrossTasks])
    func anAsynchronousRequestsHandlerNamesTheRequestAsTheCauseOfWhatItSends(
        _ causeTracking: AuditContext.CauseTracking
    ) async throws {
        final class Lookup: Sendable {}
        let recording = Recording(causeTracking: causeTracking)
        let (lookups, found) = recording.context.withCurrent {
            (
                AsyncRequestNotifier<String, Int>(of: "/actor/service/geocoder"),
                QueuedNotifier<String>(of: "/actor/service/geocoder", named: "found")
            )
        }
        let lookup = Lookup()
        lookups.handle(by: lookup) { _, address in
            await Task.yield()
            found.send("found \(address)")
            return address.count
        }

        #expect(try await lookups.send("Bennelong Point") == 15)
        #expect(
            recording.lines == [
                "#1 /actor/service/geocoder/notifier/request <request>: Bennelong Point",
                "#2 /actor/service/geocoder/notifier/found <event>: found Bennelong Point ← #1 [queued]",
            ])
    }

    @Test(arguments: [AuditContext.CauseTracking.synchronous, .acrossTasks])
    func causesOnOneThreadNeverLeakToAnother(_ causeTracking: AuditContext.CauseTracking) async {
        // Each thread runs its own chain, outer → inner, many times over, all into one
        // context: every inner record must name the outer record of its own thread.
        let recording = Recording(causeTracking: causeTracking)
        let threads = 4
        let rounds = 500
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    let actor = try! ActorURI(validating: "/actor/thread\(thread)")
                    let outer = EventNotifier<Int>(of: actor, named: "outer", audit: recording.context)
                    let inner = EventNotifier<Int>(of: actor, named: "inner", audit: recording.context)
                    let token = outer.observe { inner.emit($0) }
                    for round in 0..<rounds { outer.emit(round) }
                    withExtendedLifetime(token) {}
                }
            }
        }

        let records = recording.store.records
        let bySequence = Dictionary(uniqueKeysWithValues: records.map { ($0.sequence, $0) })
        let inner = records.filter { $0.notifier.name == "inner" }
        #expect(inner.count == threads * rounds)
        for record in inner {
            let cause = record.cause.flatMap { bySequence[$0] }
            #expect(cause?.notifier.actor == record.notifier.actor && cause?.notifier.name == "outer")
            #expect(cause?.notification == record.notification)
            #expect(record.depth == 1)
        }
        #expect(records.filter { $0.notifier.name == "outer" }.allSatisfy { $0.cause == nil && $0.depth == 0 })
    }
}

@Suite("Causes across contexts")
struct CrossContextCauseTests {
    @Test func aHandlerOfOneContextSendingIntoAnotherGivesThatRecordNoCause() {
        let first = Recording()
        let second = Recording()
        let source = EventNotifier<String>(of: "/actor/presentation", audit: first.context)
        let target = EventNotifier<String>(of: "/actor/service", audit: second.context)
        let token = source.observe { target.emit("from \($0)") }

        source.emit("tap")

        #expect(first.lines == ["#1 /actor/presentation/notifier/event <event>: tap"])
        #expect(second.lines == ["#1 /actor/service/notifier/event <event>: from tap [unobserved]"])
        #expect(second.store.records.map(\.depth) == [0])
        _ = token
    }
}
