import Foundation

/// Runs `body` on a thread of its own (with a stack of `stackSize` bytes, if given) and says
/// whether it returned within `limit`: a test of something that would hang on a lock it
/// already holds, or overflow a small stack, fails instead of hanging the run.
///
/// The test waits suspended, not blocked: Swift Testing runs tests on the cooperative pool,
/// which has one thread per core, and a test blocking one while a slow body runs (under a
/// sanitizer, tens of seconds) starves every other test of it. Their own waits on real time
/// (`finish(timeout:)`, a clock's `run(timeout:)`) would then time out for no fault of theirs.
public func returnsOnAThread(
    stackSize: Int? = nil,
    within limit: Duration = .seconds(120),
    _ body: @escaping @Sendable () -> Void
) async -> Bool {
    let outcome = OneOutcome()
    return await withCheckedContinuation { continuation in
        outcome.attach(continuation)
        let timeout = Task {
            try? await Task.sleep(for: limit)
            outcome.settle(false)
        }
        let thread = Thread {
            body()
            outcome.settle(true)
            timeout.cancel()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}

/// The first of two outcomes, a return or a timeout, handed to the waiting test once.
private final class OneOutcome: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?
    private var settled = false

    func attach(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func settle(_ returned: Bool) {
        let waiting: CheckedContinuation<Bool, Never>? = lock.withLock {
            guard !settled else { return nil }
            settled = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: returned)
    }
}
