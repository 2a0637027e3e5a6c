/// When a notifier's notifications are rendered for the audit trail: now, or when a record is
/// first read.
///
/// A record shows the notification as it was when sent. Rendering (`String(describing:)`) is
/// the costliest part of recording — microseconds for an enum with a payload, which the
/// runtime prints by reflection — so it waits until a record is read, but only for a
/// notification that cannot have changed meanwhile: a value of a `Sendable` type that is
/// trivially copyable (no reference anywhere inside it: numbers, payload-free enums, structs
/// of those) or a string, whose text is itself. Every other notification is rendered now, on
/// the sending thread: an object may change after it is sent, a value may hold one (a struct,
/// an enum, an optional or an array holding a class with mutable state), and a main-actor
/// object's `description` is only right on the main actor, where it is sent. A `Sendable`
/// notification rendered now is kept beside its text, for typed test expectations.
///
/// Checking a type is cheap, and a notifier of a concrete type checks once: the first value's
/// dynamic type is then the notifier's static type. Only a notifier of an existential type
/// (`any P`) checks every value.
struct RenderingRule {
    private enum Treatment {
        /// A pure value: kept, and rendered when its record is first read.
        case waits
        /// Rendered now, and kept for typed expectations.
        case rendersKeepingValue
        /// Rendered now: not `Sendable`, so nothing may keep it past the send.
        case renders
    }

    private enum Decision {
        /// Nothing sent yet, or an existential type: check the value.
        case undecided
        /// A concrete type: every notification is treated alike.
        case always(Treatment)
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
        switch decision {
        case .strings: return .rendered(unsafeBitCast(notification, to: String.self))
        case .always(let treatment): return Self.text(of: notification, treated: treatment)
        case .undecided: return Self.text(of: notification, treated: treatment(of: notification))
        }
    }

    /// The text of a `Sendable` notification sent from any thread, decided for its value.
    static func text<Value: Sendable>(ofSendable value: Value) -> AuditRecord.Text {
        text(of: value, treated: isPureValue(type(of: value as Any)) ? .waits : .rendersKeepingValue)
    }

    /// Decides for every notification of a concrete type, from the first one — the first
    /// value's dynamic type is then the notifier's static type. An existential stays undecided.
    private mutating func decide<Notification>(from notification: Notification) {
        if Notification.self == String.self {
            decision = .strings
        } else if !isSendable {
            decision = .always(.renders)
        } else if ObjectIdentifier(type(of: notification as Any)) == ObjectIdentifier(Notification.self) {
            decision = .always(treatment(of: notification))
        }
    }

    private func treatment<Notification>(of notification: Notification) -> Treatment {
        guard isSendable else { return .renders }
        // Through `Any`: a generic `type(of:)` gives the static type, even when that is an existential.
        return Self.isPureValue(type(of: notification as Any)) ? .waits : .rendersKeepingValue
    }

    private static func text<Notification>(
        of notification: Notification, treated treatment: Treatment
    ) -> AuditRecord.Text {
        switch treatment {
        case .waits:
            .unrendered(AuditRecord.SendableNotification(value: notification))
        case .rendersKeepingValue:
            .renderedValue(
                AuditRecord.RenderedValue(
                    text: String(describing: notification),
                    value: AuditRecord.SendableNotification(value: notification)))
        case .renders:
            .rendered(String(describing: notification))
        }
    }

    /// Whether a value of `type` is proven unable to change once sent: trivially copyable (it
    /// holds no reference, so a copy is all of it) or a string.
    static func isPureValue(_ type: Any.Type) -> Bool {
        type == String.self || isTriviallyCopyable(type)
    }

    private static func isTriviallyCopyable<Value>(_ type: Value.Type) -> Bool {
        _isPOD(Value.self)
    }
}
