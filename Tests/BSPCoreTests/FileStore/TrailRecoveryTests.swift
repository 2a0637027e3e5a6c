import BSPCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Reading a trail back after a crash")
struct TrailRecoveryTests {
    /// Starts the trail writer, `Tests/CrashingTrailWriter`, with `arguments`; what it prints
    /// comes through the pipe.
    private func startWriter(_ arguments: [String]) throws -> (Process, Pipe) {
        let writer = Process()
        writer.executableURL = productsDirectory.appendingPathComponent("trail-writer")
        let output = Pipe()
        writer.arguments = arguments
        writer.standardOutput = output
        try writer.run()
        return (writer, output)
    }

    private func writeTrail(_ count: Int, to url: URL) throws -> String {
        let store = try FileAuditStore(url: url)
        emitEvents(count, into: store)
        store.flush()
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("a last line cut short is skipped and reported, never fatal")
    func tornLastLine() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let text = try writeTrail(3, to: url)
        let torn = text + "{\"delivery\":\"deliv"
        try Data(torn.utf8).write(to: url)

        let recovered = try FileAuditStore.read(url)
        #expect(recovered.trail.records.map(\.sequence) == [1, 2, 3])
        #expect(recovered.tornLines == [.init(file: url, line: 4, text: "{\"delivery\":\"deliv")])
    }

    @Test("a last line cut in the middle of a character is skipped too")
    func tornCharacter() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let text = try writeTrail(2, to: url)
        try (Data(text.utf8) + Data("{\"notification\":\"🦊".utf8).dropLast(2)).write(to: url)

        let recovered = try FileAuditStore.read(url)
        #expect(recovered.trail.records.count == 2)
        #expect(recovered.tornLines.map(\.line) == [3])
    }

    @Test("a complete last line without its newline is kept")
    func lastLineWithoutNewline() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let text = try writeTrail(2, to: url)
        try Data(text.dropLast().utf8).write(to: url)

        let recovered = try FileAuditStore.read(url)
        #expect(recovered.trail.records.count == 2)
        #expect(recovered.tornLines.isEmpty)
    }

    @Test("a bad line before the last is an error naming the file and the line")
    func badMiddleLine() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        var lines = try writeTrail(3, to: url).split(separator: "\n").map(String.init)
        lines[1] = "not json"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)

        #expect(throws: AuditTrailError.inFile(url, .malformedLine(2, reason: "not valid JSON"))) {
            try FileAuditStore.read(url)
        }
    }

    @Test("a record repeated across two files is an error naming the file and line")
    func inconsistentAcrossFiles() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let text = try writeTrail(2, to: url)
        try Data(text.utf8).write(to: folder.file("run.1.jsonl"))

        let earlier = folder.file("run.1.jsonl").path
        let reason = "sequence number 1 is used by '\(earlier)' line 1 too"
        #expect(throws: AuditTrailError.inFile(url, .inconsistentLine(1, reason: reason))) {
            try FileAuditStore.read(url)
        }
    }

    @Test("no trail at all is an error naming the path")
    func noTrail() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID())/run.jsonl")
        #expect(throws: AuditTrailError.unreadableFile(url, reason: "there is no such file")) {
            try FileAuditStore.read(url)
        }
    }

    @Test("a writer killed with SIGKILL mid-write: everything it flushed reads back")
    func killedMidWrite() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("crash.jsonl")
        let (writer, output) = try startWriter([url.path])

        // Read what it reports until it has flushed a few thousand records, then kill it.
        var flushed = 0
        var buffer = ""
        let reader = output.fileHandleForReading
        while flushed < 5_000 {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            buffer += String(decoding: chunk, as: UTF8.self)
            let reports = buffer.split(separator: "\n").compactMap { Int($0.dropFirst("flushed ".count)) }
            flushed = reports.last ?? flushed
        }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
        #expect(flushed >= 5_000)

        let recovered = try FileAuditStore.read(url)
        let sequences = recovered.trail.records.map(\.sequence)
        #expect(sequences.count >= flushed)
        #expect(sequences == Array(1...UInt64(sequences.count)))
        #expect(recovered.tornLines.count <= 1)
        print(
            "Crash test: \(flushed) records reported flushed, \(sequences.count) read back, \(recovered.tornLines.count) torn line(s)"
        )
    }

    @Test("a writer killed with SIGKILL at 200 random moments, rotating every few dozen records")
    func killedAtRandomMoments() throws {
        var generator = SystemRandomNumberGenerator()
        var rotationsSeen = 0
        for round in 1...200 {
            let folder = try TrailFolder()
            defer { folder.remove() }
            let url = folder.file("crash.jsonl")
            let (writer, output) = try startWriter([url.path, "4096", "3"])

            // Wait for a random number of flush reports, then kill it a random moment later.
            let reportsWanted = Int.random(in: 1...4, using: &generator)
            var flushed = 0
            var reports = 0
            var buffer = ""
            while reports < reportsWanted {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                buffer += String(decoding: chunk, as: UTF8.self)
                let lines = buffer.split(separator: "\n").compactMap { Int($0.dropFirst("flushed ".count)) }
                reports = lines.count
                flushed = lines.last ?? flushed
            }
            usleep(UInt32.random(in: 0...3_000, using: &generator))
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()

            let recovered = try FileAuditStore.read(url)
            let sequences = recovered.trail.records.map(\.sequence)
            let first = sequences.first ?? 1
            rotationsSeen += first > 1 ? 1 : 0
            #expect(
                (sequences.last ?? 0) >= UInt64(flushed),
                "round \(round): \(flushed) reported flushed, the trail ends at #\(sequences.last ?? 0)")
            #expect(
                sequences == Array(first...(sequences.last ?? first)),
                "round \(round): records missing within the trail")
            #expect(recovered.gaps.isEmpty, "round \(round): \(recovered.gaps)")
            #expect(recovered.tornLines.count <= 1, "round \(round): \(recovered.tornLines)")
        }
        #expect(rotationsSeen > 100, "the kills should land after rotations: \(rotationsSeen) of 200 did")
    }

    @Test("a write cut part-way by a full disk is undone: once there is space, the trail reads on")
    func fullDiskThenSpace() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("full.jsonl")
        let (writer, output) = try startWriter([url.path, "--fill", "4000"])
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()
        let sent = try #require(
            Int(report.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))

        let recovered = try FileAuditStore.read(url)

        let notifications = recovered.trail.records.map(\.notification)
        #expect(notifications.suffix(5) == (sent - 4...sent).map { "after \($0)" })
        #expect(recovered.tornLines.isEmpty)
        #expect(!recovered.gaps.isEmpty, "the record whose write failed is a gap")
    }
}
