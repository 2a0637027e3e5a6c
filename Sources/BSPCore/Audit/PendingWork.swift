/// The asynchronous work an audit context's notifiers and scopes have under way, by what it
/// is: notifications waiting in a queue or being consumed, asynchronous requests being
/// handled, tasks that scopes own. A test waits for it to settle (BSPTesting's `finish()`).
///
/// Only a context that records keeps count: no one waits on the others.
@_spi(Inspection) public final class PendingWork: Sendable {
    private let counts = Locked<[String: Int]>([:])
    /// How to cancel each task under way, by the number its ``begin(_:cancellingWith:)`` gave.
    private let cancellations = Locked<(next: Int, byNumber: [Int: @Sendable () -> Void])>((0, [:]))

    @_spi(Inspection) public init() {}

    /// A task called `name` has begun, which `cancel` cancels; returns the number to end it by.
    @_spi(Inspection) public func begin(_ name: String, cancellingWith cancel: @escaping @Sendable () -> Void) -> Int {
        begin(name)
        return cancellations.withLock { cancellations in
            defer { cancellations.next += 1 }
            cancellations.byNumber[cancellations.next] = cancel
            return cancellations.next
        }
    }

    /// The task numbered `number`, called `name`, has ended.
    @_spi(Inspection) public func end(_ name: String, number: Int) {
        let cancel = cancellations.withLock { $0.byNumber.removeValue(forKey: number) }
        withExtendedLifetime(cancel) {}  // Released after the lock, with what it captured.
        end(name)
    }

    /// Cancels every task under way that can be cancelled: the tasks actors and scopes own.
    /// Queued notifications and asynchronous requests are left to finish.
    @_spi(Inspection) public func cancelTasks() {
        let cancels = cancellations.withLock { Array($0.byNumber.values) }
        for cancel in cancels {
            cancel()
        }
    }

    /// `count` more pieces of work called `name` have begun.
    @_spi(Inspection) public func begin(_ name: String, count: Int = 1) {
        guard count > 0 else { return }
        counts.withLock { $0[name, default: 0] += count }
    }

    /// `count` pieces of work called `name` have ended.
    @_spi(Inspection) public func end(_ name: String, count: Int = 1) {
        guard count > 0 else { return }
        counts.withLock { counts in
            let left = (counts[name] ?? 0) - count
            counts[name] = left > 0 ? left : nil
        }
    }

    /// What is still under way, as `name` or `name (×count)`, sorted.
    @_spi(Inspection) public var descriptions: [String] {
        counts.withLock { counts in
            counts.sorted { $0.key < $1.key }.map { $0.value == 1 ? $0.key : "\($0.key) (×\($0.value))" }
        }
    }
}
