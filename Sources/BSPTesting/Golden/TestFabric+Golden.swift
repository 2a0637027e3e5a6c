import BSPCore
import Foundation

extension TestFabric {
    /// The environment variable that, set to any value but `0`, records every golden
    /// transcript anew instead of comparing.
    public static var recordingVariable: String { "BSP_RECORD_TRANSCRIPTS" }

    /// Expects the whole transcript — redacted, and only the lines `filter` keeps — to equal a
    /// golden file kept beside the test: `__Transcripts__/<test file>/<name>.txt` in the test
    /// file's folder.
    ///
    /// The first run writes the file and fails, saying so, so that nobody's test passes without
    /// comparing anything; check the file in. A later run that differs fails with a line diff
    /// (`−` golden, `+` now). To accept an intended change, run the tests once with
    /// `BSP_RECORD_TRANSCRIPTS=1`, which writes every golden file anew (and fails each test
    /// that did, as a reminder to review the diff before committing).
    ///
    /// ```swift
    /// app.exercise(app.presentation.events, .showLocationRequested)
    /// app.expectTranscript(matchesGolden: "tap-shows-location")
    /// ```
    ///
    /// Exclude the folder from the test target, so that the package manager does not warn of
    /// files it does not handle: `.testTarget(name: "AppTests", exclude: ["__Transcripts__"])`.
    ///
    /// `name` is one file name: a name with `/` or `\`, a leading `.`, a control character, or
    /// none at all fails the test and writes nothing.
    ///
    /// Golden transcripts check everything at once; they suit flows whose every line matters.
    /// Expectations by substring say what a test cares about and survive unrelated changes.
    public func expectTranscript(
        matchesGolden name: String,
        in filter: TranscriptFilter = .all,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        if let problem = GoldenFile.problem(with: name) {
            return TestFailure.record(
                "expectTranscript(matchesGolden: \(name.debugDescription)): the name is not a file name: it "
                    + "\(problem). A golden name is one file name: no '/' or '\\', no leading '.', no control "
                    + "character, not empty.",
                at: location)
        }
        let dropped = dropped(in: filter)
        if dropped > 0 {
            return TestFailure.record(
                "expectTranscript(matchesGolden: \"\(name)\") cannot compare: the fabric keeps its last "
                    + "\(store.capacity) records and dropped \(dropped) records the transcript needs. Give it room for "
                    + "the whole test: TestFabric(capacity:).",
                at: location)
        }
        let now = transcript.lines(in: filter).map(\.text)
        let file = GoldenFile(name: name, besideTest: "\(filePath)")
        let recording = ProcessInfo.processInfo.environment[Self.recordingVariable].map { $0 != "0" } ?? false
        guard !recording, let golden = file.lines else {
            let verb = recording ? "Recorded anew" : "Recorded"
            do {
                try file.write(now)
                TestFailure.record(
                    "expectTranscript(matchesGolden: \"\(name)\"): \(verb) the golden transcript at \(file.path) "
                        + "(\(now.count) lines). Check it, commit it, and run the test again to compare.",
                    at: location)
            } catch {
                TestFailure.record("expectTranscript: cannot write \(file.path): \(error)", at: location)
            }
            return
        }
        let diff = LineDiff(from: golden, to: now)
        guard !diff.isEmpty else { return }
        TestFailure.record(
            "expectTranscript(matchesGolden: \"\(name)\") failed: the transcript differs from \(file.path) "
                + "(− golden, + now):\n" + diff.rendered { $0 }
                + "If the change is intended, run the tests with \(Self.recordingVariable)=1 to record it.",
            at: location)
    }
}

/// A golden transcript's file, kept beside the test that compares against it.
///
/// `package` for the fuzzing harness of its names.
@_spi(Inspection) public struct GoldenFile: Sendable {
    @_spi(Inspection) public let path: String

    /// The file for `name`, for the test in the file at `testPath`.
    @_spi(Inspection) public init(name: String, besideTest testPath: String) {
        let test = URL(fileURLWithPath: testPath)
        let stem = test.deletingPathExtension().lastPathComponent
        path =
            test.deletingLastPathComponent().appendingPathComponent("__Transcripts__")
            .appendingPathComponent(stem).appendingPathComponent("\(name).txt").path
    }

    /// What makes `name` something other than one file name inside the transcripts folder, if
    /// anything: a name that could write outside it, hide the file, or be no name at all.
    @_spi(Inspection) public static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" }) { return "contains a path separator" }
        if name.hasPrefix(".") { return "starts with '.'" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character"
        }
        return nil
    }

    /// The file's lines, or `nil` when there is no file yet. CRLF line endings read as LF.
    var lines: [String]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        return (lines.last == "" ? lines.dropLast() : lines[...]).map(String.init)
    }

    /// Writes `lines`, one per line, creating the folders.
    func write(_ lines: [String]) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url, options: .atomic)
    }
}
