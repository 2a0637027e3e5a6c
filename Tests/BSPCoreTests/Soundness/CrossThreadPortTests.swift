import BSPCore
import Foundation
import Testing

/// A `Sendable` Service — a main-actor class — may be released on any thread, and its notifiers
/// with it, while a peer sends through its ports: each request is either handled, the Service
/// held for the call, or recorded as undelivered and reported; never a crash.
@Suite("Ports while their actor goes on another thread")
struct CrossThreadPortTests {
    @MainActor
    final class Service: @MainActor UniqueActor {
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        let requests: RequestNotifier<Int, Void>
        let events: EventNotifier<Int>
        private(set) var handled = 0

        init(audit: AuditContext) {
            requests = RequestNotifier(of: Service.uri, audit: audit)
            events = EventNotifier(of: Service.uri, audit: audit)
            // Both the handler and the observation end with the Service's lifetime, on the
            // thread that releases it, while the peer's sends load the Service on this one.
            let port = events.port
            requests.handle(by: self) { service, request in
                service.handled += 1
                service.events.emit(request)
            }
            events.observe(by: self) { service, _ in withExtendedLifetime(port) { service.handled += 0 } }
        }
    }

    /// Holds the last reference to a Service until another thread lets go of it.
    final class LastReference: @unchecked Sendable {
        // @unchecked: set on the main actor before the thread starts, cleared by that thread
        // alone, and never read.
        private var service: Service?
        init(_ service: Service) { self.service = service }
        func release() { service = nil }
    }

    @MainActor
    @Test(arguments: [false, true])
    func aServiceReleasedOnAnotherThreadWhileAPeerSendsThroughItsPortNeverCrashes(audited: Bool) {
        let faults = Tally()
        let recording = Recording()
        let audit = audited ? recording.context : AuditContext { _ in faults.increment() }
        var undelivered = 0
        for round in 0..<500 {
            var service: Service? = Service(audit: audit)
            let port = service!.requests.port
            let events = service!.events.port
            let observer = NamedActor("/actor/behaviour")
            var heard = 0
            events.observe(by: observer) { _, _ in heard += 1 }
            let last = LastReference(service!)
            service = nil
            let released = DispatchSemaphore(value: 0)
            Thread {
                // A moment of spinning, different each round, so that the release lands at
                // different points of a send.
                for _ in 0..<(round % 50) * 20 { _ = Thread.current }
                last.release()
                released.signal()
            }.start()
            var sent = 0
            while released.wait(timeout: .now()) != .success, sent < 1_000_000 {
                port.send(sent)
                sent += 1
            }
            port.send(-1)  // After the release: never handled.
            undelivered += 1
            #expect(heard <= sent)
            withExtendedLifetime(observer) {}
        }
        if audited {
            #expect(recording.faults.all.count >= undelivered)
            #expect(recording.store.records.contains { $0.delivery == .undelivered })
        } else {
            #expect(faults.count >= undelivered)
        }
    }
}
