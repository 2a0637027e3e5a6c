/// What differs between two values, field by field: only the fields that differ are shown,
/// nested values too, each as `−` expected and `+` actual under the path that leads to it.
///
/// ```text
///   Model(
///     player: Player(
/// −     score: 1
/// +     score: 2
///     )
///   )
/// ```
enum StructuralDiff {
    /// The lines of the diff from `expected` to `actual`; empty when they look the same.
    static func lines(expected: Any, actual: Any) -> [String] {
        diff(expected, actual, label: nil, depth: 1)
    }

    private static func diff(_ expected: Any, _ actual: Any, label: String?, depth: Int) -> [String] {
        let (old, new) = (ValueDump.line(expected), ValueDump.line(actual))
        guard old != new else { return [] }
        let prefix = label.map { "\($0): " } ?? ""
        let indent = String(repeating: "  ", count: depth)
        let oldMirror = Mirror(reflecting: expected)
        let newMirror = Mirror(reflecting: actual)
        if let (name, fields) = comparableFields(oldMirror, newMirror, expected, actual) {
            var lines = ["\(indent)\(prefix)\(name)("]
            for (field, oldValue, newValue) in fields {
                lines += diff(oldValue, newValue, label: field, depth: depth + 1)
            }
            return lines + ["\(indent))"]
        }
        if oldMirror.displayStyle == .collection, newMirror.displayStyle == .collection {
            let elements = LineDiff(
                from: oldMirror.children.map { ValueDump.line($0.value) },
                to: newMirror.children.map { ValueDump.line($0.value) })
            let inner = String(repeating: "  ", count: depth + 1)
            return ["\(indent)\(prefix)["]
                + elements.rendered(context: 1) { $0 }.split(separator: "\n").map { line in
                    line.hasPrefix("−") || line.hasPrefix("+")
                        ? "\(line.prefix(1))\(inner.dropFirst())\(line.dropFirst(2))" : "\(inner)\(line.dropFirst(2))"
                } + ["\(indent)]"]
        }
        return ["−\(indent.dropFirst())\(prefix)\(old)", "+\(indent.dropFirst())\(prefix)\(new)"]
    }

    /// The fields of two structs or classes of one type, or the payloads of two values of one
    /// enum case: what can be compared one by one.
    private static func comparableFields(
        _ old: Mirror, _ new: Mirror, _ expected: Any, _ actual: Any
    ) -> (name: String, fields: [(String, Any, Any)])? {
        guard type(of: expected) == type(of: actual), old.displayStyle == new.displayStyle else { return nil }
        switch old.displayStyle {
        case .struct, .class:
            guard !(expected is any CustomStringConvertible) else { return nil }
            let fields = zip(old.children, new.children).map { ($0.label ?? "_", $0.value, $1.value) }
            return (ValueDump.typeName(of: expected), fields)
        case .enum:
            guard let oldCase = old.children.first, let newCase = new.children.first,
                let label = oldCase.label, label == newCase.label
            else { return nil }
            let oldPayload = Mirror(reflecting: oldCase.value)
            let newPayload = Mirror(reflecting: newCase.value)
            guard oldPayload.displayStyle == .tuple, newPayload.displayStyle == .tuple else {
                return (".\(label)", [("_", oldCase.value, newCase.value)])
            }
            let fields = zip(oldPayload.children, newPayload.children).map { ($0.label ?? "_", $0.value, $1.value) }
            return (".\(label)", fields)
        default:
            return nil
        }
    }
}
