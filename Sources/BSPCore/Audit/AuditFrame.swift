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
        _ notification: NotificationText,
        on notifier: NotifierURI,
        variety: NotifierVariety,
        targets: [ActorURI],
        delivery: AuditDelivery
    ) -> AuditFrame {
        let parent = AuditFrame.current
        let sequence = nextSequence()
        let depth = parent.map { $0.depth + 1 } ?? 0
        let fields = AuditRecord.Fields(
            sequence: sequence,
            notifier: notifier,
            variety: variety,
            source: variety == .event ? notifier.actor : parent?.actor,
            targets: targets,
            notification: "",
            cause: parent?.sequence,
            depth: depth,
            scope: innermostScope,
            delivery: delivery
        )
        switch notification {
        case .deferred(let render):
            store.record(AuditRecord(deferring: render, fields))
        case .rendered(let render):
            var fields = fields
            fields.notification = render()
            store.record(AuditRecord(fields))
        }
        return AuditFrame(sequence: sequence, depth: depth, actor: nil)
    }
}

/// How a notifier turns a notification into audit text.
enum NotificationText {
    /// Render it when the record is read: the notification is `Sendable`, so it may wait.
    case deferred(@Sendable () -> String)
    /// Render it now: the notification may not cross to the thread that reads the record.
    case rendered(() -> String)

    /// Renders any value now.
    static func now<Value>(_ value: Value) -> NotificationText {
        .rendered { String(describing: value) }
    }

    /// Renders a `Sendable` value when its record is read.
    static func later<Value: Sendable>(_ value: Value) -> NotificationText {
        .deferred { String(describing: value) }
    }
}
