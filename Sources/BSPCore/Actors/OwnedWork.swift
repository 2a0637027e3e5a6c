/// The tasks an actor starts, owned by the actor: releasing it — or ``cancelAll()`` — cancels
/// them, and while its context audits they count as work under way, by name, so that a test's
/// `finish()` waits for them and names any that has not ended.
///
/// A scope's tasks go to its ``ScopeLifecycle``; any other actor — a Service recognizing
/// speech, a timer — keeps an `OwnedWork` beside its notifiers and hands it what it starts:
///
/// ```swift
/// final class SpeechService: UniqueActor {
///     static let uri: ActorURI = "/actor/service/speech"
///     let work = OwnedWork(of: SpeechService.uri)
///
///     func startRecognition() {
///         work.own(Task { [events] in await recognize(into: events) }, named: "recognition")
///     }
/// }
/// ```
///
/// A task that captures the actor itself keeps it alive, and so is never cancelled by its
/// release: capture what the task needs instead, as above.
public final class OwnedWork: Sendable {
    /// A task still running: what it does, and how to cancel it.
    private struct Running {
        let name: String
        let cancel: @Sendable () -> Void
    }

    private struct State {
        var running: [Int: Running] = [:]
        var nextID = 0
    }

    /// The owning actor's URI, which names the work while it runs.
    public let actor: ActorURI
    private let audit: AuditContext
    private let state = Locked(State())

    /// Creates the work of the actor `actor`, counted in `audit` while it runs.
    public init(of actor: ActorURI, audit: AuditContext = .current) {
        self.actor = actor
        self.audit = audit
    }

    deinit {
        cancelAll()
    }

    /// Keeps `task` until it ends, cancelling it if the owner goes first; `name` says what it
    /// does, in `finish()`'s report of what is still running.
    public func own<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>, named name: String) {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.running[state.nextID] = Running(name: name, cancel: { task.cancel() })
            return state.nextID
        }
        let pending = "work owned by \(actor.path): \(name)"
        let number = audit.isEnabled ? audit.pendingWork.begin(pending) { task.cancel() } : nil
        // Holds the state and the context, not the owner: the owner's release must cancel.
        Task.detached { [state, audit] in
            _ = await task.result
            // Taken out under the lock and released after it, with the task it can cancel.
            let ended = state.withLock { state in state.running.removeValue(forKey: id) }
            withExtendedLifetime(ended) {}
            if let number { audit.pendingWork.end(pending, number: number) }
        }
    }

    /// The names of the tasks still running, in the order they were handed over.
    public var running: [String] {
        state.withLock { state in state.running.sorted { $0.key < $1.key }.map(\.value.name) }
    }

    /// Cancels every task still running. Tasks handed over later run as usual.
    public func cancelAll() {
        let running = state.withLock { state in Array(state.running.values) }
        for task in running {
            task.cancel()
        }
    }
}
