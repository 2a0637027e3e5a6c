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
            append(#""cause":"#, to: &bytes)
            appendDecimal(cause, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        append(field(of: record.delivery), to: &bytes)
        append(#","depth":"#, to: &bytes)
        appendDecimal(record.depth, to: &bytes)
        append(#","notification":"#, to: &bytes)
        TextEscaping.appendJSONString(record.notification, to: &bytes)
        append(#","notifier":"#, to: &bytes)
        TextEscaping.appendJSONString(record.notifierPath, to: &bytes)
        if let reply = record.reply {
            append(#","reply":"#, to: &bytes)
            reply.appendJSON(to: &bytes)
        }
        if let scope = record.scope {
            append(#","scope":"#, to: &bytes)
            TextEscaping.appendJSONString(scope.path, to: &bytes)
        }
        append(#","sequence":"#, to: &bytes)
        appendDecimal(record.sequence, to: &bytes)
        if let source = record.source {
            append(#","source":"#, to: &bytes)
            TextEscaping.appendJSONString(source.path, to: &bytes)
        }
        if let change = record.stackChange {
            append(#","stackChange":{"kind":""#, to: &bytes)
            bytes.append(contentsOf: change.kind.rawValue.utf8)
            append(#"","scope":"#, to: &bytes)
            TextEscaping.appendJSONString(change.scope.path, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        append(#","targets":["#, to: &bytes)
        for (index, target) in record.targets.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            TextEscaping.appendJSONString(target.path, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if let time = record.timeInNanoseconds {
            append(#","time":"#, to: &bytes)
            appendDecimal(time, to: &bytes)
        }
        if let value = record.value {
            append(#","value":"#, to: &bytes)
            value.appendJSON(to: &bytes)
        }
        append(record.variety == .event ? #","variety":"event"}"# : #","variety":"request"}"#, to: &bytes)
    }

    /// The `delivery` field with its value: one literal per case, so that a line copies it whole.
    private static func field(of delivery: AuditDelivery) -> StaticString {
        switch delivery {
        case .delivered: #""delivery":"delivered""#
        case .unobserved: #""delivery":"unobserved""#
        case .undelivered: #""delivery":"undelivered""#
        case .queued: #""delivery":"queued""#
        case .dropped: #""delivery":"dropped""#
        }
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
        append(#"{"reply":"#, to: &bytes)
        reply.appendJSON(to: &bytes)
        append(#","replyTo":"#, to: &bytes)
        appendDecimal(sequence, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `text`, a literal, copied as one run of bytes: appending a `String`'s UTF-8 view
    /// goes through a generic copy that cost the trail writer a seventh of its time.
    @inline(__always)
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
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
