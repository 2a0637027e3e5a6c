import BSPCore
import Foundation
import Testing

@_spi(Inspection) @testable import BSPTesting

/// A system that says what it is told, twice.
private final class Parrot: UniqueActor {
    static let uri: ActorURI = "/actor/parrot"
    let lifetime = ActorLifetime()
    let said = EventNotifier<String>(of: Parrot.uri, named: "said")
    let requests = RequestNotifier<String, Void>(of: Parrot.uri)

    init() {
        requests.handle(by: self) { parrot, text in
            parrot.said.emit(text)
            parrot.said.emit(text)
        }
    }
}

@Suite("Golden transcripts", .serialized)
struct GoldenTranscriptTests {

    @Test("the first run records the file and fails; the next run compares and passes")
    func recordsThenCompares() throws {
        let name = "parrot-\(UUID())"
        let file = GoldenFile(name: name, besideTest: #filePath)
        defer { try? FileManager.default.removeItem(atPath: file.path) }

        let first = TestFabric { Parrot() }
        first.exercise(first.requests, "hello")
        withKnownIssue {
            first.expectTranscript(matchesGolden: name)
        } matching: { issue in
            issue.text.contains("Recorded the golden transcript at \(file.path) (3 lines)")
        }
        #expect(file.lines?.last == "#3 /actor/parrot/notifier/said <event>: hello ← #1 [unobserved]")

        let second = TestFabric { Parrot() }
        second.exercise(second.requests, "hello")
        second.expectTranscript(matchesGolden: name)
    }

    @Test(
        "a golden name is one file name: no separator, no leading dot, not empty — else a failure naming the rule",
        arguments: ["", "../escape", "a/b", "a\\b", ".", "..", ".hidden", "tab\tname"])
    func aNameThatIsNotAFileNameFailsAndWritesNothing(name: String) throws {
        let transcripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__")
        let before = try? FileManager.default.subpathsOfDirectory(atPath: transcripts.path)
        let escaped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__").appendingPathComponent("escape.txt")

        let fabric = TestFabric { Parrot() }
        fabric.exercise(fabric.requests, "hello")
        withKnownIssue {
            fabric.expectTranscript(matchesGolden: name)
        } matching: { issue in
            issue.text.contains("is not a file name") && issue.text.contains("one file name")
        }

        #expect(!FileManager.default.fileExists(atPath: escaped.path))
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: transcripts.path)) == before)
    }

    @Test("a different run fails with a line diff: only what changed is marked")
    func mismatchShowsADiff() throws {
        let name = "parrot-\(UUID())"
        let file = GoldenFile(name: name, besideTest: #filePath)
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        try file.write([
            "#1 /actor/parrot/notifier/request <request>: hello",
            "#2 /actor/parrot/notifier/said <event>: hello ← #1 [unobserved]",
            "#3 /actor/parrot/notifier/said <event>: hello ← #1 [unobserved]",
        ])

        let fabric = TestFabric { Parrot() }
        fabric.exercise(fabric.requests, "goodbye")
        withKnownIssue {
            fabric.expectTranscript(matchesGolden: name)
        } matching: { issue in
            issue.text.contains(
                "the transcript differs from \(file.path) (− golden, + now):\n"
                    + "− #1 /actor/parrot/notifier/request <request>: hello\n"
                    + "− #2 /actor/parrot/notifier/said <event>: hello ← #1 [unobserved]\n"
                    + "− #3 /actor/parrot/notifier/said <event>: hello ← #1 [unobserved]\n"
                    + "+ #1 /actor/parrot/notifier/request <request>: goodbye\n")
                && issue.text.contains("BSP_RECORD_TRANSCRIPTS=1")
        }
    }

    @Test("the recording variable writes the file anew, and the test says so")
    func recordingVariable() throws {
        let name = "parrot-\(UUID())"
        let file = GoldenFile(name: name, besideTest: #filePath)
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        try file.write(["stale"])

        setenv(TestFabric<Parrot>.recordingVariable, "1", 1)
        defer { unsetenv(TestFabric<Parrot>.recordingVariable) }
        let fabric = TestFabric { Parrot() }
        fabric.exercise(fabric.requests, "hi")
        withKnownIssue {
            fabric.expectTranscript(matchesGolden: name)
        } matching: { issue in
            issue.text.contains("Recorded anew the golden transcript")
        }
        #expect(file.lines?.count == 3)
    }

    @Test("a golden file that cannot be written fails the test, naming it")
    func unwritable() throws {
        let name = "parrot-\(UUID())"
        let file = GoldenFile(name: name, besideTest: #filePath)
        // A folder where the file should be: writing it fails.
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        let fabric = TestFabric { Parrot() }
        fabric.exercise(fabric.requests, "hi")
        withKnownIssue {
            fabric.expectTranscript(matchesGolden: name)
        } matching: { issue in
            issue.text.hasPrefix("expectTranscript: cannot write \(file.path):")
        }
    }

    @Test("CRLF golden files read as LF")
    func crlf() throws {
        let name = "parrot-\(UUID())"
        let file = GoldenFile(name: name, besideTest: #filePath)
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        let fabric = TestFabric { Parrot() }
        fabric.exercise(fabric.requests, "hi")
        let lines = fabric.transcript.lines
        try Data(lines.map { $0 + "\r\n" }.joined().utf8).write(to: URL(fileURLWithPath: file.path))
        fabric.expectTranscript(matchesGolden: name)
    }
}

@Suite("Line diff")
struct LineDiffTests {
    @Test("one missing line is one removal, and everything after it stays aligned")
    func missingLine() {
        let diff = LineDiff(from: ["a", "b", "c", "d"], to: ["a", "c", "d"])
        #expect(diff.changes == [.same("a"), .removed("b"), .same("c"), .same("d")])
    }

    @Test("changed and added lines")
    func changedAndAdded() {
        let diff = LineDiff(from: ["a", "b"], to: ["a", "B", "c"])
        #expect(diff.changes == [.same("a"), .removed("b"), .added("B"), .added("c")])
        #expect(diff.rendered { $0 } == "  a\n− b\n+ B\n+ c\n")
    }

    @Test("equal and empty lists")
    func equalAndEmpty() {
        #expect(LineDiff(from: ["a"], to: ["a"]).isEmpty)
        #expect(LineDiff<String>(from: [], to: []).isEmpty)
        #expect(LineDiff(from: [], to: ["x"]).changes == [.added("x")])
    }

    @Test("long runs of unchanged lines are elided around the changes")
    func elision() {
        let old = (1...20).map(String.init)
        var new = old
        new[10] = "eleven"
        let text = LineDiff(from: old, to: new).rendered(context: 1) { $0 }
        #expect(text == "  …\n  10\n− 11\n+ eleven\n  12\n  …\n")
    }
}
