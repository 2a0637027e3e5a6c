import BSPCore
import TestSupport
import Testing

/// Nothing the package lets go of is released under one of its locks: a handler's captures, a
/// queued notification, a task's result may be objects whose `deinit` reads the very notifier
/// that let go of them. Each test frees such an object at the moment a lock is taken, and would
/// hang on that lock if the release happened under it; it runs on a thread of its own, so that
/// a hang fails it instead of the whole run.
@Suite("Releasing with no lock held")
struct ReleaseUnderLockTests {
    /// An actor that handles asynchronous requests.
    actor Handler {}

    /// Installs a handler on `notifier` whose only capture reads the notifier when it is freed:
    /// once this returns, the notifier holds the last reference to it.
    private static func installReadingHandler(
        on notifier: AsyncRequestNotifier<Int, Int>, by owner: some AnyObject & Sendable, freed: Tally
    ) {
        let witness = CallsBackWhenFreed {
            _ = notifier.isHandled
            freed.increment()
        }
        notifier.handle(by: owner) { _, request in
            _ = witness
            return request
        }
    }

    @Test func removingAnAsynchronousHandlerFreesItsCapturesAfterTheLock() async {
        let freed = Tally()
        let finished = await returnsOnAThread {
            let notifier = AsyncRequestNotifier<Int, Int>(of: "/actor/service")
            let owner = Handler()
            Self.installReadingHandler(on: notifier, by: owner, freed: freed)
            notifier.removeHandler()
        }
        #expect(finished)
        #expect(freed.count == 1)
    }

    /// An actor whose lifetime ends the handlers it installs.
    actor LivingHandler: BSPActor {
        nonisolated let uri: ActorURI = "/actor/service"
        nonisolated let lifetime = ActorLifetime()
    }

    @Test func anAsynchronousHandlerEndedByItsOwnersLifetimeIsFreedAfterTheLock() async {
        let freed = Tally()
        let finished = await returnsOnAThread {
            let notifier = AsyncRequestNotifier<Int, Int>(of: "/actor/service")
            var owner: LivingHandler? = LivingHandler()
            Self.installReadingHandler(on: notifier, by: owner!, freed: freed)
            owner = nil  // its lifetime removes the handler, which frees the witness
            #expect(freed.count == 1)
        }
        #expect(finished)
        #expect(freed.count == 1)
    }

    @Test func replacingAnAsynchronousHandlerWhoseOwnerWentFreesItAfterTheLock() async {
        let freed = Tally()
        let finished = await returnsOnAThread {
            let notifier = AsyncRequestNotifier<Int, Int>(of: "/actor/service")
            var owner: Handler? = Handler()
            Self.installReadingHandler(on: notifier, by: owner!, freed: freed)
            owner = nil
            let successor = Handler()
            notifier.handle(by: successor) { _, request in request + 1 }
            #expect(notifier.isHandled)
        }
        #expect(finished)
        #expect(freed.count == 1)
    }

    @Test func aRefusedSecondAsynchronousHandlerIsFreedAfterTheLock() async {
        let freed = Tally()
        let faults = FaultLog()
        let finished = await returnsOnAThread {
            let audit = AuditContext { faults.append($0) }
            let notifier = AsyncRequestNotifier<Int, Int>(of: "/actor/service", audit: audit)
            let first = Handler()
            notifier.handle(by: first) { _, request in request }
            Self.installReadingHandler(on: notifier, by: Handler(), freed: freed)
            _ = first
        }
        #expect(finished)
        #expect(freed.count == 1)
        #expect(faults.notifier.count == 1)
    }

    @Test func aPushedOutQueuedNotificationIsFreedAfterTheLock() async {
        let freed = Tally()
        let finished = await returnsOnAThread {
            let queue = QueuedNotifier<CallsBackWhenFreed>(
                of: "/actor/service", buffering: .keepingNewest(1), audit: AuditContext { _ in })
            queue.send(
                CallsBackWhenFreed {
                    queue.finish()
                    freed.increment()
                })
            queue.send(CallsBackWhenFreed {})
        }
        #expect(finished)
        #expect(freed.count == 1)
    }

    /// A scope that handles an asynchronous notifier, with a handler whose capture reads the
    /// notifier when it is freed.
    @MainActor
    final class LookupScope: @MainActor Scope {
        let uri: ActorURI = "/actor/behaviour/scope/lookup"
        let lifecycle = ScopeLifecycle()

        init(handling lookups: AsyncRequestNotifier<Int, Int>, freed: Tally) {
            let witness = CallsBackWhenFreed {
                _ = lookups.isHandled
                freed.increment()
            }
            lookups.handle(by: self) { _, request in
                _ = witness
                return request
            }
        }
    }

    @MainActor
    @Test func aTerminatedScopesAsynchronousHandlerIsFreedAfterTheLock() throws {
        let freed = Tally()
        let lookups = AsyncRequestNotifier<Int, Int>(of: "/actor/behaviour/scope/lookup")
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        try stack.push(LookupScope(handling: lookups, freed: freed))

        _ = try stack.pop()

        #expect(freed.count == 1)
        #expect(!lookups.isHandled)
    }
}
