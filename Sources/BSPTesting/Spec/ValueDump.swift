/// Values as a test failure shows them: by their structure, with short type names.
///
/// `String(describing:)` of a value inside a collection prints module-qualified names
/// (`account_app.Account(…)`), and a struct without a description prints everything on one
/// line; a dump reads the value through `Mirror` instead.
enum ValueDump {
    /// `value` on one line: `Account(id: "A-1", balance: 10)`, `.moved(to: "Sydney")`, `[1, 2]`.
    static func line(_ value: Any) -> String {
        if let text = value as? String {
            return quoted(text)
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { line($0.value) } ?? "nil"
        case .collection, .set:
            return "[" + mirror.children.map { line($0.value) }.joined(separator: ", ") + "]"
        case .dictionary:
            let pairs = mirror.children.map { pair -> String in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return parts.count == 2 ? "\(line(parts[0].value)): \(line(parts[1].value))" : line(pair.value)
            }
            return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
        case .enum:
            if let custom = value as? any CustomStringConvertible { return custom.description }
            guard let payload = mirror.children.first else { return ".\(value)" }
            return ".\(payload.label ?? "\(value)")" + parenthesized(payload.value)
        case .tuple:
            return parenthesized(value)
        case .struct, .class:
            if let custom = value as? any CustomStringConvertible { return custom.description }
            return typeName(of: value) + fields(of: mirror)
        default:
            return String(describing: value)
        }
    }

    /// The type's name without its module: `Account`, `Array<Int>`.
    static func typeName(of value: Any) -> String {
        String(describing: type(of: value))
    }

    /// `(label: value, …)` for the children of `mirror`.
    static func fields(of mirror: Mirror) -> String {
        "("
            + mirror.children.map { child in
                child.label.map { "\($0): \(line(child.value))" } ?? line(child.value)
            }.joined(separator: ", ") + ")"
    }

    /// An enum payload or a tuple in parentheses; a tuple's unnamed elements without labels.
    private static func parenthesized(_ payload: Any) -> String {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple else { return "(\(line(payload)))" }
        return "("
            + mirror.children.map { child in
                guard let label = child.label, !label.hasPrefix(".") else { return line(child.value) }
                return "\(label): \(line(child.value))"
            }.joined(separator: ", ") + ")"
    }

    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" {
                quoted.append("\\")
            }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
