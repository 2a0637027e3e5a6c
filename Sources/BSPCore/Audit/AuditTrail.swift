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

    /// Reads a trail from JSON Lines text. Blank lines are skipped.
    ///
    /// - Throws: ``AuditTrailError/malformedLine(_:reason:)`` naming the first line (counted
    ///   from 1) that is not a valid record.
    public init(jsonLines text: String) throws(AuditTrailError) {
        let decoder = JSONDecoder()
        var records: [AuditRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                records.append(try decoder.decode(AuditRecord.self, from: Data(line.utf8)))
            } catch {
                throw AuditTrailError.malformedLine(index + 1, reason: AuditTrail.reason(for: error))
            }
        }
        self.records = records
    }

    /// Reads a trail from a JSON Lines file.
    ///
    /// - Throws: ``AuditTrailError/unreadableFile(_:reason:)`` when the file cannot be read
    ///   as UTF-8, or ``AuditTrailError/malformedLine(_:reason:)`` for a bad line.
    public init(contentsOf url: URL) throws(AuditTrailError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw AuditTrailError.unreadableFile(url.path, reason: error.localizedDescription)
        }
        try self.init(jsonLines: text)
    }

    /// The trail as JSON Lines: one record per line, keys sorted, ending with a newline.
    public func jsonLines() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return records.map { record in
            // Encoding a record of strings, numbers and URIs cannot fail.
            let data = (try? encoder.encode(record)) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }.joined()
    }

    /// Writes the trail to a file as JSON Lines, replacing the file.
    ///
    /// - Throws: The file system's error when the file cannot be written.
    public func write(to url: URL) throws {
        try Data(jsonLines().utf8).write(to: url, options: .atomic)
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
