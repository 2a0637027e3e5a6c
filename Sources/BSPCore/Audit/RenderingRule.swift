/// When a notifier's notifications are rendered for the audit trail: now, or when a record is
/// first read.
///
/// Rendering waits only for a value (not an object) of a `Sendable` type, whose text cannot
/// change meanwhile. An object is rendered now, on the sending thread: it may change after it
/// is sent, and a main-actor object's `description` is only right on the main actor, where it
/// is sent. Telling a value from an object
/// is a dynamic cast, which costs as much as the rest of recording a send, so the rule decides
/// once for a notifier of a concrete type — the first value's dynamic type is the notifier's
/// static type — and only a notifier of an existential type (`any P`) checks every value.
struct RenderingRule {
    private enum Decision {
        /// Nothing sent yet, or an existential type: check the value.
        case undecided
        /// A concrete type: every value waits, or none does.
        case always(waits: Bool)
        /// Strings: their text is themselves, so they are rendered now, at no cost, and reading
        /// a store renders nothing.
        case strings
    }

    /// Whether the notification type is `Sendable`, which only the notifier's initializer knows.
    private let isSendable: Bool
    private var decision = Decision.undecided

    init(isSendable: Bool) {
        self.isSendable = isSendable
    }

    /// The text of `notification`, as it is now.
    mutating func text<Notification>(of notification: Notification) -> AuditRecord.Text {
        if case .undecided = decision {
            decide(from: notification)
        }
        let waits: Bool
        switch decision {
        case .strings: return .rendered(unsafeBitCast(notification, to: String.self))
        case .always(let always): waits = always
        case .undecided: waits = isSendable && Self.mayWait(notification)
        }
        return waits
            ? .unrendered(AuditRecord.SendableNotification(value: notification))
            : .rendered(String(describing: notification))
    }

    /// Decides for every notification of a concrete type, from the first one — the first
    /// value's dynamic type is then the notifier's static type. An existential stays undecided.
    private mutating func decide<Notification>(from notification: Notification) {
        if Notification.self == String.self {
            decision = .strings
        } else if !isSendable {
            decision = .always(waits: false)
        } else if ObjectIdentifier(type(of: notification as Any)) == ObjectIdentifier(Notification.self) {
            decision = .always(waits: Self.mayWait(notification))
        }
    }

    /// Whether `notification`, of a `Sendable` type, is a value rather than an object, so that
    /// its rendering may wait.
    static func mayWait<Notification>(_ notification: Notification) -> Bool {
        // Through `Any`: a generic `type(of:)` gives the static type, even when that is an existential.
        !(type(of: notification as Any) is AnyObject.Type)
    }
}
