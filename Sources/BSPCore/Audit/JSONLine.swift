/// An audit record as one line of JSON, written by hand rather than with `JSONEncoder`.
///
/// A ``FileAuditStore`` encodes every record of a running app on its writer thread, where
/// `JSONEncoder`'s cost (a container per record, a box per value) would let the writer fall
/// behind the senders. The output has the shape `JSONEncoder` gives with sorted keys and
/// unescaped slashes, and escapes more (see ``TextEscaping/json(_:)``): every control character
/// and every scalar a reader might take for a line end, so that a record is always one line.
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

    /// Appends `text` as a JSON string, escaped by ``TextEscaping/json(_:)``.
    private static func appendString(_ text: String, to line: inout String) {
        line += "\""
        var plain = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            guard let escaped = TextEscaping.json(scalars[index]) else { continue }
            line.unicodeScalars.append(contentsOf: scalars[plain..<index])
            line += escaped
            plain = scalars.index(after: index)
        }
        line.unicodeScalars.append(contentsOf: scalars[plain...])
        line += "\""
    }
}
