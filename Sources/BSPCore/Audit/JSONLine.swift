/// An audit record as one line of JSON, written by hand rather than with `JSONEncoder`.
///
/// A ``FileAuditStore`` encodes every record of a running app on its writer thread, where
/// `JSONEncoder`'s cost (a container per record, a box per value) would let the writer fall
/// behind the senders. So the line is written as UTF-8 bytes straight into a buffer the writer
/// reuses. The output has the shape `JSONEncoder` gives with sorted keys and unescaped slashes,
/// and escapes more (see ``TextEscaping/appendJSONString(_:to:)``): every control character and
/// every scalar a reader might take for a line end, so that a record is always one line.
enum JSONLine {
    /// `record` as a JSON object with sorted keys, `nil` fields left out, without a newline.
    static func encode(_ record: AuditRecord) -> String {
        var bytes: [UInt8] = []
        append(record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `record` to `bytes` as a JSON object with sorted keys, `nil` fields left out,
    /// without a newline.
    static func append(_ record: AuditRecord, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: opening(of: record.aspect))
        if let cause = record.cause {
            bytes.append(contentsOf: #""cause":"#.utf8)
            appendDecimal(cause, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(contentsOf: #""delivery":""#.utf8)
        bytes.append(contentsOf: record.delivery.rawValue.utf8)
        bytes.append(contentsOf: #"","depth":"#.utf8)
        appendDecimal(record.depth, to: &bytes)
        bytes.append(contentsOf: #","notification":"#.utf8)
        TextEscaping.appendJSONString(record.notification, to: &bytes)
        bytes.append(contentsOf: #","notifier":"#.utf8)
        TextEscaping.appendJSONString(record.notifierPath, to: &bytes)
        if let reply = record.reply {
            bytes.append(contentsOf: #","reply":"#.utf8)
            reply.appendJSON(to: &bytes)
        }
        if let scope = record.scope {
            bytes.append(contentsOf: #","scope":"#.utf8)
            TextEscaping.appendJSONString(scope.path, to: &bytes)
        }
        bytes.append(contentsOf: #","sequence":"#.utf8)
        appendDecimal(record.sequence, to: &bytes)
        if let source = record.source {
            bytes.append(contentsOf: #","source":"#.utf8)
            TextEscaping.appendJSONString(source.path, to: &bytes)
        }
        if let change = record.stackChange {
            bytes.append(contentsOf: #","stackChange":{"kind":""#.utf8)
            bytes.append(contentsOf: change.kind.rawValue.utf8)
            bytes.append(contentsOf: #"","scope":"#.utf8)
            TextEscaping.appendJSONString(change.scope.path, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #","targets":["#.utf8)
        for (index, target) in record.targets.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            TextEscaping.appendJSONString(target.path, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if let time = record.timeInNanoseconds {
            bytes.append(contentsOf: #","time":"#.utf8)
            appendDecimal(time, to: &bytes)
        }
        if let value = record.value {
            bytes.append(contentsOf: #","value":"#.utf8)
            value.appendJSON(to: &bytes)
        }
        bytes.append(contentsOf: #","variety":""#.utf8)
        bytes.append(contentsOf: record.variety.rawValue.utf8)
        bytes.append(contentsOf: #""}"#.utf8)
    }

    /// The start of a line, up to its aspect, for each of the four aspects: written on every
    /// line, so made once.
    private static let openings: [[UInt8]] = InteractionAspect.allCases.map { aspect in
        Array(#"{"aspect":{"timing":"\#(aspect.timing.rawValue)","way":"\#(aspect.way.rawValue)"},"#.utf8)
    }

    private static func opening(of aspect: InteractionAspect) -> [UInt8] {
        // `allCases` lists synchronous first, and single-way before bi-way within each.
        openings[(aspect.timing == .synchronous ? 0 : 2) + (aspect.way == .singleWay ? 0 : 1)]
    }

    /// Appends the line that gives the reply to the request recorded as `sequence`: a file
    /// trail has written the request before its handler returned.
    static func appendReply(_ reply: RecordedValue, to sequence: UInt64, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"reply":"#.utf8)
        reply.appendJSON(to: &bytes)
        bytes.append(contentsOf: #","replyTo":"#.utf8)
        appendDecimal(sequence, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `value` in decimal, without making a string of it.
    private static func appendDecimal(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        let magnitude = value.magnitude
        if magnitude >= 10 {
            appendDecimal(magnitude / 10, to: &bytes)
        }
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
    }
}
