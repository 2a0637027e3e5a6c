@_spi(Inspection) import BSPCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Thread teardown")
struct ThreadTeardownTests {
    /// What a thread-local destructor needs to send: a notifier and the store it records into.
    private final class Sender: @unchecked Sendable {
        // Used by one thread at a time: the test's thread, then its destructor.
        let store = InMemoryAuditStore()
        let events: EventNotifier<String>

        init() {
            events = EventNotifier<String>(of: "/actor/teardown", audit: AuditContext(store: store))
        }
    }

    /// A destructor of a thread-local value that runs after the audit's own slot was freed
    /// sends an audited notification: it gets a slot of its own instead of a freed one (under
    /// AddressSanitizer, reading the freed slot is reported).
    @Test func aDestructorThatSendsAfterTheThreadsSlotIsFreedStillRecords() async throws {
        let sender = Sender()
        sender.events.emit("on the main thread")  // makes the slot's key before the test's own
        var key = pthread_key_t()
        #expect(
            pthread_key_create(&key) { value in
                guard let value else { return }
                Unmanaged<Sender>.fromOpaque(value).takeRetainedValue().events.emit("in a destructor")
            } == 0)
        let done = Locked(false)
        let thread = Thread { [key] in
            sender.events.emit("on the thread")
            pthread_setspecific(key, Unmanaged.passRetained(sender).toOpaque())
            done.withLock { $0 = true }
        }
        thread.start()
        let deadline = ContinuousClock.now + .seconds(30)
        while sender.store.count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(done.withLock { $0 })
        #expect(
            sender.store.records.map(\.notification) == ["on the main thread", "on the thread", "in a destructor"])
        pthread_key_delete(key)
    }
}
