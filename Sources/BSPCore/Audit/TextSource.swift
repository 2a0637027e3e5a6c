/// Where `String(describing:)` finds the text of a notification type's values, found once from
/// the type so that a send does not ask again.
///
/// `String(describing:)` asks each value, in turn, whether it is an optional, a string, a
/// `TextOutputStreamable`, a `CustomStringConvertible` or a `CustomDebugStringConvertible`,
/// and prints it by reflection if it is none: asked through `Any` on every send, that cost a
/// described notification about 250 ns of its 400. A type that is only
/// `CustomStringConvertible` among them is asked just that question; any other is left to
/// `String(describing:)`, so its text is the same as before by construction.
enum TextSource {
    /// The type's own `description`, where its conformance holds.
    case description
    /// `String(describing:)`, asking everything it asks.
    case stringDescribing

    /// The source for values of `type`.
    ///
    /// An object's class is not the notifier's type (a subclass may stream itself where its
    /// superclass describes itself), so an object is always left to `String(describing:)`.
    init(for type: Any.Type) {
        // Casts of the type: each finds a conformance isolated to an actor as well, on any
        // thread, so a type that may stream itself somewhere is never described here. A debug
        // description needs no check: `String(describing:)` asks for a description first.
        let ownDescriptionOnly =
            type is any CustomStringConvertible.Type && !(type is any TextOutputStreamable.Type)
            && !(type is AnyClass) && type != String.self
        self = ownDescriptionOnly ? .description : .stringDescribing
    }

    /// The text of `value`, as `String(describing:)` writes it where it is called.
    func text<Value>(of value: Value) -> String {
        // A cast of the value, made where it is sent: a conformance isolated to another actor
        // fails it, and `String(describing:)` then prints the value as it would there.
        if case .description = self, let described = value as? any CustomStringConvertible {
            return described.description
        }
        return String(describing: value)
    }
}
