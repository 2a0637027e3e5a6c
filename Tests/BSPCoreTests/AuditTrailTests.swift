import BSPCore
import Foundation
import Testing

@Suite("Audit trail as JSON Lines")
struct AuditTrailTests {
    static let sample = AuditTrail([
        AuditRecord(
            sequence: 1, notifier: try! ActorURI("/actor/presentation").notifier("event"), variety: .event,
            source: "/actor/presentation", targets: ["/actor/behaviour"], notification: "showLocationRequested"),
        AuditRecord(
            sequence: 2, notifier: try! ActorURI("/actor/service").notifier("request"), variety: .request,
            source: "/actor/behaviour", targets: ["/actor/service"], notification: "resolve \"here\"\nnow",
            cause: 1, depth: 1, scope: "/actor/behaviour/scope/main", delivery: .delivered),
        AuditRecord(
            sequence: 3, notifier: try! ActorURI("/actor/nobody").notifier("request"), variety: .request,
            notification: "lost", delivery: .undelivered),
    ])

    @Test func aTrailSurvivesARoundTrip() throws {
        let text = Self.sample.jsonLines()

        #expect(text.split(separator: "\n").count == 3)
        #expect(text.hasSuffix("\n"))
        #expect(try AuditTrail(jsonLines: text) == Self.sample)
    }

    /// Scalars that some readers take for line ends, or that join the scalar before them.
    @Test(arguments: [
        "\u{2028}", "\u{2029}", "\u{85}", "a\u{2028}b\u{2029}c\u{85}d", "\n\u{301}", "\r\n\u{301}", "\u{301}",
        "\u{0600}</script>", "\u{7F}", "\u{0}", "\r", "\u{1F}\u{1E}",
    ])
    func everyScalarReadsBackAsItWasWritten(text: String) throws {
        let trail = AuditTrail([
            AuditRecord(
                sequence: 1, notifier: try! ActorURI("/actor/service").notifier("event"), variety: .event,
                notification: text)
        ])

        let lines = trail.jsonLines()

        let lineEnds: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"]
        #expect(!lines.unicodeScalars.dropLast().contains { lineEnds.contains($0) })
        let read = try AuditTrail(jsonLines: lines).records.first?.notification
        #expect(read.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
        #expect(try AuditTrail(jsonLines: lines.replacingOccurrences(of: "\n", with: "\r\n")) == trail)
    }

    @Test func linesAreStableJSONWithSortedKeysAndNoEmptyFields() {
        let first = Self.sample.jsonLines().split(separator: "\n")[0]
        #expect(
            first == #"{"aspect":{"timing":"synchronous","way":"single-way"},"#
                + #""delivery":"delivered","depth":0,"notification":"showLocationRequested","#
                + #""notifier":"/actor/presentation/notifier/event","sequence":1,"#
                + #""source":"/actor/presentation","targets":["/actor/behaviour"],"variety":"event"}"#
        )
    }

    @Test func blankLinesAreSkipped() throws {
        let text = "\n" + Self.sample.jsonLines() + "\n\n"
        #expect(try AuditTrail(jsonLines: text).records.count == 3)
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        (#"{"sequence":1}"#, "missing key"),
        (
            #"{"sequence":"one","notifier":"/a/notifier/b","variety":"event","targets":[],"notification":"x","depth":0,"delivery":"delivered"}"#,
            "wrong type at 'sequence'"
        ),
        (
            #"{"sequence":1,"notifier":"no-slash","variety":"event","targets":[],"notification":"x","depth":0,"delivery":"delivered"}"#,
            "'no-slash'"
        ),
        (
            #"{"sequence":1,"notifier":"/a/notifier/b","variety":"gossip","targets":[],"notification":"x","depth":0,"delivery":"delivered"}"#,
            "invalid value at 'variety'"
        ),
    ])
    func aMalformedLineIsAnErrorNamingItsNumber(_ bad: String, _ reason: String) {
        var lines = Self.sample.jsonLines().split(separator: "\n").map(String.init)
        lines.insert(bad, at: 2)
        let text = lines.joined(separator: "\n")

        do {
            _ = try AuditTrail(jsonLines: text)
            Issue.record("a malformed line was accepted")
        } catch {
            guard case .malformedLine(let number, let because) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(number == 3)
            #expect(because.contains(reason))
            #expect(error.description.hasPrefix("Line 3 of the audit trail"))
        }
    }

    @Test func aTrailIsWrittenToAndReadFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trail-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }

        try Self.sample.write(to: url)

        #expect(try AuditTrail(contentsOf: url) == Self.sample)
    }

    @Test func aMissingFileIsAnErrorNamingThePath() {
        let url = URL(fileURLWithPath: "/nonexistent/trail.jsonl")
        #expect {
            try AuditTrail(contentsOf: url)
        } throws: { error in
            guard case AuditTrailError.unreadableFile(let file, _) = error else { return false }
            return file == url
        }
    }

    @Test func aBadLineInAFileIsAnErrorNamingTheFileAndTheLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trail-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("not json\n".utf8).write(to: url)

        #expect(throws: AuditTrailError.inFile(url, .malformedLine(1, reason: "not valid JSON"))) {
            try AuditTrail(contentsOf: url)
        }
    }

    @Test func aFileThatCannotBeWrittenIsATypedErrorNamingIt() {
        let url = URL(fileURLWithPath: "/nonexistent/folder/trail.jsonl")
        do {
            try Self.sample.write(to: url)
            Issue.record("wrote to a missing folder")
        } catch {
            guard case .cannotWrite(let file, let reason) = error else {
                Issue.record("expected cannotWrite, got \(error)")
                return
            }
            #expect(file == url)
            #expect(!reason.isEmpty)
            #expect(error.description.contains("/nonexistent/folder/trail.jsonl"))
        }
    }

    @Test func aRecordedRunReadsBackTheSame() throws {
        let recording = Recording()
        let events = EventNotifier<String>(of: "/actor/run", audit: recording.context)
        let token = events.observe { _ in }
        events.emit("one")
        events.emit("two")

        let trail = recording.store.trail

        #expect(try AuditTrail(jsonLines: trail.jsonLines()) == trail)
        #expect(trail.records.count == 2)
        _ = token
    }
}
