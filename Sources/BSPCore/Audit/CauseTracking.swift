extension AuditContext {
    /// How far an ``AuditContext`` follows a notification's cause: the notification whose
    /// handler was running when it was sent.
    public enum CauseTracking: Sendable, Hashable {
        /// Through synchronous handlers, however deeply they nest, and into the handlers that
        /// ``QueuedNotifier`` and ``AsyncRequestNotifier`` run later.
        ///
        /// A task that a synchronous handler starts with `Task { … }` runs after the handler
        /// has returned, so what it sends has no cause. This costs a few nanoseconds per
        /// delivery, and is the default.
        case synchronous

        /// Also into every task a handler starts: what `Task { … }` sends from a handler keeps
        /// that handler's notification as its cause.
        ///
        /// Each delivery binds a task-local value for the tasks its handlers may start, which
        /// costs about as much again as the rest of auditing (see the README's Performance
        /// section). Choose it when a trail must connect asynchronous work to what started it.
        case acrossTasks
    }
}
