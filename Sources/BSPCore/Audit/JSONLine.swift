/// An audit record as one line of JSON, written by hand rather than with `JSONEncoder`.
///
/// A ``FileAuditStore`` encodes every record of a running app on its writer thread, where
/// `JSONEncoder`'s cost (a container per record, a box per value) would let the writer fall
/// behind the senders. The output is what `JSONEncoder` writes with sorted keys and unescaped
/// slashes, so that every trail the package writes reads the same way.
enum JSONLine {
    /// `record` as a JSON object with sorted keys, `nil` fields left out, without a newline.
    static func encode(_ record: AuditRecord) -> String {
        var line = "{"
        if let cause = record.cause {
            line += "\"cause\":\(cause),"
        }
        line += "\"delivery\":\"\(record.delivery.rawValue)\",\"depth\":\(record.depth),"
        line += "\"notification\":"
        appendString(record.notification, to: &line)
        line += ",\"notifier\":"
        appendString(record.notifierPath, to: &line)
        if let scope = record.scope {
            line += ",\"scope\":"
            appendString(scope.path, to: &line)
        }
        line += ",\"sequence\":\(record.sequence)"
        if let source = record.source {
            line += ",\"source\":"
            appendString(source.path, to: &line)
        }
        if let change = record.stackChange {
            line += ",\"stackChange\":{\"kind\":\"\(change.kind.rawValue)\",\"scope\":"
            appendString(change.scope.path, to: &line)
            line += "}"
        }
        line += ",\"targets\":["
        for (index, target) in record.targets.enumerated() {
            if index > 0 { line += "," }
            appendString(target.path, to: &line)
        }
        line += "],\"variety\":\"\(record.variety.rawValue)\"}"
        return line
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped, and
    /// the scalars that some readers take for line ends (U+0085, U+2028, U+2029), so that a
    /// record is always one line whoever splits the file.
    private static func appendString(_ text: String, to line: inout String) {
        line += "\""
        var plain = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            guard let escaped = escape(scalars[index]) else { continue }
            line.unicodeScalars.append(contentsOf: scalars[plain..<index])
            line += escaped
            plain = scalars.index(after: index)
        }
        line.unicodeScalars.append(contentsOf: scalars[plain...])
        line += "\""
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\u{08}": "\\b"
        case "\u{0C}": "\\f"
        case ..<"\u{20}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}": "\\u" + hex(scalar.value)
        default: nil
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
