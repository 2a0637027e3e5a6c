/// The notification whose handler is running on this task or thread, while auditing is on.
///
/// It is task-local so that cause tracking stays right when several threads or tasks share an
/// ``AuditContext``: each sees only the handler it is inside.
struct AuditFrame: Sendable {
    /// The sequence number of the notification being handled.
    var sequence: UInt64
    /// That notification's depth.
    var depth: Int
    /// The actor whose handler is running, if it is known.
    var actor: ActorURI?

    @TaskLocal static var current: AuditFrame?

    /// Runs `body` as the handler of `actor` for this frame's notification.
    func run<Result>(as actor: ActorURI?, _ body: () -> Result) -> Result {
        var frame = self
        frame.actor = actor
        return AuditFrame.$current.withValue(frame, operation: body)
    }
}

extension AuditContext {
    /// Records a notification that is about to be delivered, and returns the frame its
    /// handlers run in.
    func record(
        _ notification: () -> String,
        on notifier: NotifierURI,
        variety: NotifierVariety,
        targets: [ActorURI],
        delivery: AuditDelivery
    ) -> AuditFrame {
        let parent = AuditFrame.current
        let sequence = nextSequence()
        let depth = parent.map { $0.depth + 1 } ?? 0
        store.record(
            AuditRecord(
                sequence: sequence,
                notifier: notifier,
                variety: variety,
                source: variety == .event ? notifier.actor : parent?.actor,
                targets: targets,
                notification: notification(),
                cause: parent?.sequence,
                depth: depth,
                scope: innermostScope,
                delivery: delivery
            )
        )
        return AuditFrame(sequence: sequence, depth: depth, actor: nil)
    }
}
