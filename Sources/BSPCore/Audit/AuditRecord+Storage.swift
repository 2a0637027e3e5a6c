// How a record keeps what it holds: shared, boxed or unrendered, so that making one on every
// audited send and moving it into a store costs few references.

extension AuditRecord {
    /// What a notifier records of itself with every notification; it makes a new one when
    /// its targets change.
    final class Origin: Sendable {
        let notifier: NotifierURI
        let variety: NotifierVariety
        let aspect: InteractionAspect
        let targets: [ActorURI]

        init(notifier: NotifierURI, variety: NotifierVariety, aspect: InteractionAspect, targets: [ActorURI]) {
            self.notifier = notifier
            self.variety = variety
            self.aspect = aspect
            self.targets = targets
        }
    }

    /// What few records have: a stack change, a reply.
    final class Extras: Sendable {
        let stackChange: StackChange?
        let reply: RecordedValue?

        private init(stackChange: StackChange?, reply: RecordedValue?) {
            self.stackChange = stackChange
            self.reply = reply
        }

        /// The extras of a record with this stack change and reply; `nil`, allocating nothing,
        /// when it has neither.
        static func of(stackChange: StackChange?, reply: RecordedValue?) -> Extras? {
            stackChange == nil && reply == nil ? nil : Extras(stackChange: stackChange, reply: reply)
        }
    }

    /// Who sent a notification, as a record keeps it.
    enum Sender: Sendable {
        /// The actor that owns the notifier: what every event records, without a copy.
        case notifierActor
        /// The actor whose handler was running.
        case actor(ActorURI)
        /// Nobody in the fabric.
        case outside
    }

    /// A notification, as a record keeps it.
    enum Text: Sendable {
        /// Rendered already: a notification that could not wait, or text read from a trail.
        case rendered(String)
        /// A `Sendable` notification of a pure value type, rendered when it is read.
        case unrendered(SendableNotification)
        /// Any other `Sendable` notification, rendered when it was sent and kept, so that typed
        /// test expectations can compare it.
        case renderedValue(RenderedValue)
        /// A notification of a notifier of `Int`, `Bool` or `Double`: kept as itself rather than
        /// as `Any`, so that neither the sender nor a store has to find out what it is.
        case scalar(Scalar)

        /// The notification as text.
        var rendered: String {
            switch self {
            case .rendered(let text): text
            case .unrendered(let notification): Self.render(notification.value)
            case .renderedValue(let rendered): rendered.text
            case .scalar(let scalar): scalar.rendered
            }
        }

        /// `String(describing: value)`, the commonest payloads found by their type alone:
        /// `String(describing:)` looks up protocol conformances first, which cost a file
        /// trail's writer 150 ns a record for an `Int`.
        private static func render(_ value: Any) -> String {
            // Each cast below is of a value whose type the check before it has proved.
            let type = Swift.type(of: value)
            if type == Int.self { return String(value as! Int) }
            if type == String.self { return value as! String }
            if type == Bool.self { return String(value as! Bool) }
            if type == Double.self { return Scalar.text(of: value as! Double) }
            return String(describing: value)
        }
    }

    /// A number or Boolean notification, which reads the same whenever and wherever it is rendered.
    @usableFromInline
    enum Scalar: Sendable {
        case integer(Int)
        case boolean(Bool)
        case double(Double)

        /// `value` as a scalar, if its type is `Int`, `Bool` or `Double`: decided from the type
        /// alone, which a notifier of a concrete type knows when it is compiled.
        @inlinable
        init?<Value>(_ value: Value) {
            // Each cast is of a value whose type the check before it has proved; specialized
            // for `Value`, the check and the cast fold away.
            if Value.self == Int.self {
                self = .integer(value as! Int)
            } else if Value.self == Bool.self {
                self = .boolean(value as! Bool)
            } else if Value.self == Double.self {
                self = .double(value as! Double)
            } else {
                return nil
            }
        }

        /// The notification itself.
        var value: Any {
            switch self {
            case .integer(let value): value
            case .boolean(let value): value
            case .double(let value): value
            }
        }

        /// The notification as `String(describing:)` renders it.
        var rendered: String {
            switch self {
            case .integer(let value): String(value)
            case .boolean(let value): String(value)
            case .double(let value): Self.text(of: value)
            }
        }

        /// A `Double` as `String(describing:)` writes a value of any type: through its
        /// `TextOutputStreamable` conformance, which spells a NaN's sign and payload (`-nan`,
        /// `nan(0x1)`), where `String(_:)` spells every NaN `nan`. A `Float` notifier and an
        /// existential one write them so, and a `Double` reads the same on every notifier.
        static func text(of value: Double) -> String {
            var text = ""
            value.write(to: &text)
            return text
        }
    }

    /// A notification rendered when it was sent, with the notification itself.
    final class RenderedValue: Sendable {
        let text: String
        let value: SendableNotification
        /// The value as the trail keeps it, encoded with the text: a notification rendered when
        /// sent may hold an object whose state changes later.
        let recorded: KeptValue?

        init(text: String, value: SendableNotification, recorded: KeptValue?) {
            self.text = text
            self.value = value
            self.recorded = recorded
        }
    }

    /// A notification of a `Sendable` type, as a notifier keeps it unrendered.
    ///
    /// Held as `Any` so that a generic notifier can keep one without a closure per send;
    /// only notifiers whose notification type is `Sendable` make them.
    @_spi(Inspection) public struct SendableNotification: @unchecked Sendable {
        /// The notification.
        @_spi(Inspection) public let value: Any
    }
}
