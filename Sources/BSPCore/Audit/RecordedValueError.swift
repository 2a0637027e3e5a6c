/// A recorded value that does not decode as the type asked for: recorded by another build of
/// the app, whose type has changed since.
public struct RecordedValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The type asked for.
    public let type: String
    /// The value recorded.
    public let value: RecordedValue
    /// Why it does not decode, in words.
    public let reason: String

    /// An error of decoding `value` as `type`.
    public init(type: String, value: RecordedValue, reason: String) {
        self.type = type
        self.value = value
        self.reason = reason
    }

    /// A sentence naming the type, the value and the reason.
    public var description: String {
        "The recorded value \(value) does not decode as \(type): \(reason)."
    }

    /// The reason in `error`, a decoding error, in words.
    static func reason(for error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "no '\(key.stringValue)'\(at(context.codingPath))"
        case DecodingError.typeMismatch(let type, let context):
            "expected \(type)\(at(context.codingPath)) (\(context.debugDescription))"
        case DecodingError.valueNotFound(let type, let context):
            "no \(type)\(at(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            "\(context.debugDescription)\(at(context.codingPath))"
        default:
            "\(error)"
        }
    }

    private static func at(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "" : " at '\(path.map(\.stringValue).joined(separator: "."))'"
    }
}
