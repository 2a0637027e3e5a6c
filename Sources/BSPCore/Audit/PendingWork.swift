/// The asynchronous work an audit context's notifiers and scopes have under way, by what it
/// is: notifications waiting in a queue or being consumed, asynchronous requests being
/// handled, tasks that scopes own. A test waits for it to settle (BSPTesting's `finish()`).
///
/// Only a context that records keeps count: no one waits on the others.
package final class PendingWork: Sendable {
    private let counts = Locked<[String: Int]>([:])

    package init() {}

    /// `count` more pieces of work called `name` have begun.
    package func begin(_ name: String, count: Int = 1) {
        guard count > 0 else { return }
        counts.withLock { $0[name, default: 0] += count }
    }

    /// `count` pieces of work called `name` have ended.
    package func end(_ name: String, count: Int = 1) {
        guard count > 0 else { return }
        counts.withLock { counts in
            let left = (counts[name] ?? 0) - count
            counts[name] = left > 0 ? left : nil
        }
    }

    /// What is still under way, as `name` or `name (×count)`, sorted.
    package var descriptions: [String] {
        counts.withLock { counts in
            counts.sorted { $0.key < $1.key }.map { $0.value == 1 ? $0.key : "\($0.key) (×\($0.value))" }
        }
    }
}
