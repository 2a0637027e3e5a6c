/// When a notifier's notifications are rendered for the audit trail: now, or when a record is
/// first read.
///
/// A record shows the notification as it was when sent. Rendering (`String(describing:)`) is
/// the costliest part of recording — microseconds for an enum with a payload, which the
/// runtime prints by reflection — so it waits until a record is read, but only for a
/// notification that cannot have changed meanwhile and renders the same on any thread: a
/// string, a number, or a struct of numbers, nested as deep as it likes, in which no type has
/// a description of its own, which may read a setting or be isolated to the sender's actor
/// (see ``mayWait(_:)``). Every other notification is rendered now, on the sending thread: an
/// object may change after it is sent, a value may hold one (a struct, an enum, an optional or
/// an array holding a class with mutable state), and a main-actor object's `description` is
/// only right on the main actor, where it is sent. A `Sendable` notification rendered now is
/// kept beside its text, for typed test expectations.
///
/// Rendering now costs less in two cases, each giving the text `String(describing:)` gives:
/// a type whose only text of its own is a `description` is described directly (see
/// ``TextSource``), and a plain value of a small trivially copyable type — an enum case, an
/// enum of a number — that was sent before is given the text it had then (see
/// ``PlainValueTexts``).
///
/// A notifier of a concrete type checks once, walking the first value's structure: the first
/// value's dynamic type is then the notifier's static type, and its fields every value's. Only
/// a notifier of an existential type (`any P`) checks every value.
struct RenderingRule {
    private enum Treatment {
        /// A pure value: kept, and rendered when its record is first read.
        case waits
        /// Rendered now, and kept for typed expectations; encoded now too if its type is
        /// `Encodable` (decided with the treatment: asking each value costs a non-`Codable`
        /// send as much as rendering it).
        case rendersKeepingValue(encodes: Bool, from: TextSource)
        /// Rendered now: not `Sendable`, so nothing may keep it past the send.
        case renders(from: TextSource)
    }

    private enum Decision {
        /// Nothing sent yet, or an existential type: check the value.
        case undecided
        /// A concrete type: every notification is treated alike.
        case always(Treatment)
        /// A trivially copyable `Sendable` type of at most 16 bytes, with no text of its own:
        /// rendered now and kept, each plain value's text remembered (see ``PlainValueTexts``).
        case remembering(PlainValueTexts, encodes: Bool)
        /// Strings: their text is themselves, so they are rendered now, at no cost, and reading
        /// a store renders nothing.
        case strings
        /// `Int`, `Bool` or `Double`: kept as themselves, found once rather than on every send.
        case scalars
    }

    /// Whether the notification type is `Sendable`, which only the notifier's initializer knows.
    private let isSendable: Bool
    private var decision = Decision.undecided

    init(isSendable: Bool) {
        self.isSendable = isSendable
    }

    /// The rule for `notification` and those after it: decided from the first notification,
    /// then kept. Mutating, and apart from ``text(of:scalar:)``, so that no access to the rule
    /// a notifier keeps stays open while a description runs: a description may send on the
    /// very notifier that renders it.
    mutating func decide<Notification>(for notification: Notification) {
        if case .undecided = decision {
            decide(from: notification)
        }
    }

    /// The text of `notification`, as it is now; ``decide(for:)`` it first.
    ///
    /// - Parameter scalar: `notification` as a number or a Boolean, if the caller found it so
    ///   where its type is known: code specialized for the type finds it at no cost, where
    ///   this generic code reads the value through its type's witnesses.
    func text<Notification>(
        of notification: Notification, scalar: AuditRecord.Scalar? = nil
    ) -> AuditRecord.Text {
        switch decision {
        case .strings: return .rendered(notification as! String)  // Decided from its type.
        case .scalars: return .scalar(scalar ?? AuditRecord.Scalar(notification)!)
        case .always(let treatment): return Self.text(of: notification, treated: treatment)
        case .remembering(let texts, let encodes):
            return Self.text(of: notification, rememberedIn: texts, encodes: encodes)
        case .undecided: return Self.text(of: notification, treated: treatment(of: notification))
        }
    }

    /// The text of a `Sendable` notification sent from any thread, decided for its value.
    static func text<Value: Sendable>(ofSendable value: Value) -> AuditRecord.Text {
        text(of: value, treated: mayWait(value) ? .waits : keepingValue(of: value))
    }

    /// Decides for every notification of a concrete type, from the first one — the first
    /// value's dynamic type is then the notifier's static type. An existential stays undecided.
    private mutating func decide<Notification>(from notification: Notification) {
        if Notification.self == String.self {
            decision = .strings
        } else if isSendable, AuditRecord.Scalar(notification) != nil {
            decision = .scalars
        } else if ObjectIdentifier(type(of: notification as Any)) == ObjectIdentifier(Notification.self) {
            let treatment = treatment(of: notification)
            if case .rendersKeepingValue(let encodes, _) = treatment, PlainValueTexts.Key(notification) != nil,
                !Self.hasTextOfItsOwn(Notification.self)
            {
                decision = .remembering(PlainValueTexts(), encodes: encodes)
            } else {
                decision = .always(treatment)
            }
        }
    }

    private func treatment<Notification>(of notification: Notification) -> Treatment {
        guard isSendable else { return .renders(from: TextSource(for: type(of: notification as Any))) }
        return Self.mayWait(notification) ? .waits : Self.keepingValue(of: notification)
    }

    private static func keepingValue<Notification>(of notification: Notification) -> Treatment {
        .rendersKeepingValue(
            encodes: isEncodable(notification), from: TextSource(for: type(of: notification as Any)))
    }

    private static func text<Notification>(
        of notification: Notification, treated treatment: Treatment
    ) -> AuditRecord.Text {
        switch treatment {
        case .waits:
            AuditRecord.Scalar(notification).map(AuditRecord.Text.scalar)
                ?? .unrendered(AuditRecord.SendableNotification(value: notification))
        case .rendersKeepingValue(let encodes, let source):
            keeping(notification, text: source.text(of: notification), encodes: encodes)
        case .renders(let source):
            .rendered(source.text(of: notification))
        }
    }

    /// The text of a value of a trivially copyable type with no text of its own: remembered,
    /// if it was sent before and is plain; else rendered now, and remembered if it is plain.
    private static func text<Notification>(
        of notification: Notification, rememberedIn texts: PlainValueTexts, encodes: Bool
    ) -> AuditRecord.Text {
        guard texts.isWorthAsking else {
            return keeping(notification, text: String(describing: notification), encodes: encodes)
        }
        // Decided for the type: a trivially copyable type of at most 16 bytes.
        let key = PlainValueTexts.Key(notification)!
        if case .some(.some(let text)) = texts.text(for: key) {
            // Plain: it reads the same when its record is read, so it waits, kept as itself,
            // unless its value is encoded now.
            guard encodes else { return .unrendered(AuditRecord.SendableNotification(value: notification)) }
            return keeping(notification, text: text, encodes: encodes)
        }
        // Rendered before the text is remembered: a description inside a value that is not
        // plain may send on this very notifier, and finds the texts as they were.
        let text = String(describing: notification)
        if texts.hasRoom {
            texts.remember(isPlain(notification) ? text : nil, for: key)
        }
        return keeping(notification, text: text, encodes: encodes)
    }

    /// A record's text of `notification`, kept beside its value, and its encoding if `encodes`.
    private static func keeping<Notification>(
        _ notification: Notification, text: String, encodes: Bool
    ) -> AuditRecord.Text {
        let value = AuditRecord.SendableNotification(value: notification)
        return .renderedValue(
            AuditRecord.RenderedValue(
                text: text, value: value, recorded: encodes ? KeptValue.of(value.value) : nil))
    }

    /// Whether a record keeps the value of notifications of `value`'s dynamic type beside their
    /// text: its type is `Encodable`, and its text is not its value already, as a number's or a
    /// string's is. Found from the type, once per notifier of a concrete type, where checking
    /// each value for every kind of number cost a send 375 ns. Whether the value is `Encodable`
    /// is still asked of each value as it is encoded: a conformance isolated to an actor holds
    /// only there, and a notifier may send from elsewhere later.
    private static func isEncodable(_ value: some Any) -> Bool {
        let type = type(of: value as Any)
        guard type is any Encodable.Type else { return false }
        return
            !(type is any BinaryInteger.Type || type is any FloatingPoint.Type || type is any StringProtocol.Type
            || type == Character.self || type == Bool.self)
    }

    /// Whether `value`, of a `Sendable` type, may be rendered later, on another thread, and
    /// still read as it would now: a string; a number or a `Bool`; or a structure of those —
    /// a struct or a tuple, nested as deep as it likes, holding no reference — in which no
    /// type has a description or a mirror of its own.
    ///
    /// A description or a mirror of its own is code that may read more than the value — a
    /// global, a setting — and may be isolated to the sender's actor (a main-actor type's
    /// conformance is), where a later reader on another thread would not see it: a value that
    /// holds one anywhere is rendered now. So is an enum or an optional, whatever it holds:
    /// one value shows only its own case's payload, not what the type's other cases may hold,
    /// where a struct's fields are the same for every value, so one value's structure stands
    /// for its type's.
    static func mayWait(_ value: some Any) -> Bool {
        // Through `Any`: a generic `type(of:)` gives the static type, even when that is an existential.
        let type = type(of: value as Any)
        if type == String.self || standardValueTypes.contains(ObjectIdentifier(type)) {
            return true
        }
        guard isTriviallyCopyable(type) else { return false }
        return isStructureOfNumbers(value as Any, enumsToo: false)
    }

    /// Whether `value`, of a trivially copyable type, is plain: its text is the standard
    /// library's printing of its bytes, whenever and wherever it is printed. It is a number or
    /// a `Bool`, or a struct, a tuple or an enum with no description or mirror of its own, whose
    /// fields or payload are plain.
    ///
    /// Asked of a value, not of its type: an enum value shows only its own case's payload.
    static func isPlain(_ value: some Any) -> Bool {
        let value = value as Any
        return standardValueTypes.contains(ObjectIdentifier(Swift.type(of: value)))
            || isStructureOfNumbers(value, enumsToo: true)
    }

    /// Whether `value` is a struct or a tuple (or an enum, if `enumsToo`), with no description
    /// or mirror of its own, whose fields are numbers, `Bool`s or such values.
    private static func isStructureOfNumbers(_ value: Any, enumsToo: Bool) -> Bool {
        guard !hasTextOfItsOwn(Swift.type(of: value)) else { return false }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?: break
        case .enum? where enumsToo: break
        default: return false
        }
        return mirror.children.allSatisfy { field in
            standardValueTypes.contains(ObjectIdentifier(type(of: field.value)))
                || isStructureOfNumbers(field.value, enumsToo: enumsToo)
        }
    }

    /// Whether `type` has a description, a debug description, a stream or a mirror of its own:
    /// code of the app's, which may read more than the value, or hold only on one actor.
    private static func hasTextOfItsOwn(_ type: Any.Type) -> Bool {
        // Casts of the type, not of a value: a cast of a value fails for a conformance isolated
        // to another actor than the sender's, though a later reader on that actor would use
        // it; a cast of the type finds every conformance, isolated or not.
        type is any CustomStringConvertible.Type || type is any CustomDebugStringConvertible.Type
            || type is any TextOutputStreamable.Type || type is any CustomReflectable.Type
    }

    /// The standard library's numbers and `Bool`: values whose description is their own and
    /// never isolated.
    private static let standardValueTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
        ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
        ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
        ObjectIdentifier(UInt64.self), ObjectIdentifier(Double.self), ObjectIdentifier(Float.self),
        ObjectIdentifier(Bool.self),
    ]

    private static func isTriviallyCopyable<Value>(_ type: Value.Type) -> Bool {
        _isPOD(Value.self)
    }
}
