public import Foundation

/// A recorded run: audit records in the order they were sent, readable and writable as
/// JSON Lines (one JSON object per line), so a run can be saved, diffed, replayed or drawn.
///
/// ```swift
/// try store.trail.write(to: URL(fileURLWithPath: "run.jsonl"))
/// let trail = try AuditTrail(contentsOf: URL(fileURLWithPath: "run.jsonl"))
/// ```
public struct AuditTrail: Hashable, Sendable {
    /// The records, in the order they were sent.
    public var records: [AuditRecord]

    /// Creates a trail of `records`.
    public init(_ records: [AuditRecord] = []) {
        self.records = records
    }

    /// Reads a trail from JSON Lines text, with LF or CRLF line endings. Blank lines are skipped.
    ///
    /// A record's cause must come before it and, unless it comes before the trail's first
    /// record (a bounded store drops its oldest records), be in the trail.
    ///
    /// - Throws: ``AuditTrailError/malformedLine(_:reason:)`` naming the first line (counted
    ///   from 1) that is not a valid record, or ``AuditTrailError/inconsistentLine(_:reason:)``
    ///   naming the first that cannot belong to a run.
    public init(jsonLines text: String) throws(AuditTrailError) {
        // A reply whose request is not in the text belongs to a request that was dropped.
        let (records, lines, _) = try AuditTrail.decode(jsonLines: text)
        if let (index, reason) = AuditTrail.firstInconsistency(in: records, naming: { "line \(lines[$0])" }) {
            throw .inconsistentLine(lines[index], reason: reason)
        }
        self.records = records
    }

    /// The records of JSON Lines text, each with its line number, unchecked against each other.
    static func decode(
        jsonLines text: String
    ) throws(AuditTrailError) -> (records: [AuditRecord], lines: [Int], replies: [ReplyLine]) {
        let decoder = JSONDecoder()
        var records: [AuditRecord] = []
        var lines: [Int] = []
        var replies: [ReplyLine] = []
        // Lines end at LF alone (a CR before it is dropped), found among the UTF-8 bytes: never
        // at a scalar that only some readers take for a line end (U+2028, U+0085), nor with a
        // combining scalar after the LF joining it into one Character.
        let newline = UInt8(ascii: "\n")
        for (index, bytes) in text.utf8.split(separator: newline, omittingEmptySubsequences: false).enumerated() {
            let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
            do {
                if ReplyLine.starts(line) {
                    replies.append(try decoder.decode(ReplyLine.self, from: Data(line)))
                } else {
                    records.append(try decoder.decode(AuditRecord.self, from: Data(line)))
                    lines.append(index + 1)
                }
            } catch {
                throw AuditTrailError.malformedLine(index + 1, reason: AuditTrail.reason(for: error))
            }
        }
        let unattached = ReplyLine.attach(replies, to: &records)
        return (records, lines, unattached)
    }

    /// The index of the first record that cannot belong to a run with the others, and why;
    /// `name` says where the record at an index was read. With `allowingGaps`, a cause that is
    /// missing from the trail is not an inconsistency: it was among the records dropped.
    static func firstInconsistency(
        in records: [AuditRecord], allowingGaps: Bool = false, naming name: (Int) -> String
    ) -> (index: Int, reason: String)? {
        var indexOfSequence: [UInt64: Int] = [:]
        let first = records.map(\.sequence).min() ?? 0
        for (index, record) in records.enumerated() {
            if let earlier = indexOfSequence[record.sequence] {
                return (index, "sequence number \(record.sequence) is used by \(name(earlier)) too")
            }
            indexOfSequence[record.sequence] = index
        }
        for (index, record) in records.enumerated() {
            if record.depth < 0 {
                return (index, "its depth is negative")
            }
            guard let cause = record.cause else { continue }
            if cause == record.sequence {
                return (index, "it names itself as its cause")
            }
            if cause > record.sequence {
                return (index, "its cause #\(cause) comes after it")
            }
            if !allowingGaps, cause >= first, indexOfSequence[cause] == nil {
                return (index, "its cause #\(cause) is not in the trail")
            }
        }
        return nil
    }

    /// Reads a trail from a JSON Lines file.
    ///
    /// - Throws: ``AuditTrailError/unreadableFile(_:reason:)`` when the file cannot be read
    ///   as UTF-8, or ``AuditTrailError/inFile(_:_:)`` naming `url` around the error of a bad
    ///   line (``AuditTrailError/malformedLine(_:reason:)``,
    ///   ``AuditTrailError/inconsistentLine(_:reason:)``).
    public init(contentsOf url: URL) throws(AuditTrailError) {
        // Never fetched from a network: a trail is a file.
        guard url.isFileURL else { throw .unreadableFile(url, reason: "it is not a file URL") }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw AuditTrailError.unreadableFile(url, reason: error.localizedDescription)
        }
        do {
            try self.init(jsonLines: text)
        } catch {
            throw .inFile(url, error)
        }
    }

    /// The trail as JSON Lines: one record per line, keys sorted, ending with a newline.
    public func jsonLines() -> String {
        var bytes: [UInt8] = []
        for record in records {
            JSONLine.append(record, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the trail to a file as JSON Lines, replacing the file.
    ///
    /// - Throws: ``AuditTrailError/cannotWrite(_:reason:)``, naming the file and the file
    ///   system's reason, when it cannot be written.
    public func write(to url: URL) throws(AuditTrailError) {
        guard url.isFileURL else { throw .cannotWrite(url, reason: "it is not a file URL") }
        do {
            try Data(jsonLines().utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(url, reason: error.localizedDescription)
        }
    }

    private static func reason(for error: any Error) -> String {
        switch error {
        case let uriError as ActorURIError:
            uriError.description
        case DecodingError.keyNotFound(let key, _):
            "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context):
            if context.codingPath.isEmpty {
                "not valid JSON"
            } else {
                "invalid value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
            }
        default:
            "\(error)"
        }
    }
}
