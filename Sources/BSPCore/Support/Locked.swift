/// A value guarded by the platform's lock: `os_unfair_lock` on Apple platforms, a pthread
/// mutex elsewhere.
///
/// `Synchronization.Mutex` would do the same, but on Linux it is built on raw futexes that
/// ThreadSanitizer cannot see, so every test run under `--sanitize=thread` would report false
/// races. A platform lock keeps the sanitizer's verdict meaningful.
///
/// It is `Sendable` only where its state is: the lock keeps two threads from touching the
/// state at once, but a state that is not `Sendable` may hold what one thread must not hand
/// to another, which `withLock` would do.
@_spi(Inspection) public final class Locked<State> {
    // Every access to `state` happens inside `withLock`, which is also why the runtime's
    // exclusivity checks are off for it: the lock already keeps accesses apart. The in-memory
    // store takes this lock on every audited send; with the checks on,
    // `audit_overhead_vs_record_limit` went from 1.43 to 1.56 (release build, two interleaved
    // runs), about 9%.
    @exclusivity(unchecked) private var state: State
    private let lock = PlatformLock()

    /// Creates a lock guarding `state`.
    @_spi(Inspection) public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @_spi(Inspection) public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `body` with exclusive access to the state, handing it `value` to keep: a closure
    /// that captured `value` instead would copy it.
    @_spi(Inspection) public func withLock<Value, Result>(
        moving value: consuming Value,
        _ body: (inout State, consuming Value) -> Result
    ) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state, value)
    }
}

// @unchecked: every access to the state happens under the lock, and the state is `Sendable`.
extension Locked: @unchecked Sendable where State: Sendable {}
