@_spi(Inspection) public import BSPCore

/// A recorded value as an indented outline, one field a line, a `Private` field
/// marked as redacted:
///
/// ```text
/// logIn
///   password: "<private>"  (redacted)
///   user: "ada"
/// ```
///
/// What `bsp-diagram value` prints; the trail viewer folds the same tree.
public struct ValueOutline: Hashable, Sendable, CustomStringConvertible {
    /// The lines, without their line ends.
    public let lines: [String]

    /// The outline of `value`.
    public init(_ value: RecordedValue) {
        var lines: [String] = []
        ValueOutline.append(value, key: nil, depth: 0, to: &lines)
        self.lines = lines
    }

    /// The outline, a line each.
    public var description: String {
        lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ value: RecordedValue, key: String?, depth: Int, to lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let label = key.map { TextEscaping.readable($0) }
        switch value {
        case .object(let members):
            if let label { lines.append("\(indent)\(label)") }
            for name in members.keys.sorted() {
                append(members[name]!, key: name, depth: label == nil ? depth : depth + 1, to: &lines)
            }
        case .array(let elements):
            if let label { lines.append("\(indent)\(label) [\(elements.count)]") }
            for (index, element) in elements.enumerated() {
                append(element, key: "[\(index)]", depth: label == nil ? depth : depth + 1, to: &lines)
            }
        default:
            let text = TextEscaping.readable(value.json)
            let redacted = value == .string("<private>") ? "  (redacted)" : ""
            lines.append("\(indent)\(label.map { "\($0): " } ?? "")\(text)\(redacted)")
        }
    }
}
