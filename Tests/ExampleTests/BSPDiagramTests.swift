import BSPCore
import Foundation
import Testing

/// The `bsp-diagram` tool and the account app's `--diagrams`, run as a user would.
@Suite("bsp-diagram")
final class BSPDiagramTests {
    /// This test's folder, removed when the test ends: tests run in parallel, and the app
    /// writes its trail as it runs.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-diagram-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A trail of the account app's demo.
    func demoTrail() throws -> URL {
        let trail = folder.appendingPathComponent("demo-\(UUID()).jsonl")
        _ = try run(product: "account-app", arguments: ["--demo", "--trail", trail.path])
        return trail
    }

    @Test func itDrawsEachKindFromATrail() throws {
        let trail = try demoTrail()
        let svg = folder.appendingPathComponent("sequence.svg")

        let dot = try run(product: "bsp-diagram", arguments: ["topology", trail.path])
        let mermaid = try run(product: "bsp-diagram", arguments: ["topology", trail.path, "--mermaid"])
        let sequence = try run(product: "bsp-diagram", arguments: ["sequence", trail.path])
        _ = try run(product: "bsp-diagram", arguments: ["sequence", trail.path, "--svg", svg.path])
        let report = try run(product: "bsp-diagram", arguments: ["report", trail.path])

        #expect(dot.hasPrefix("digraph bsp {") && dot.contains("subgraph cluster_0"))
        #expect(
            mermaid.hasPrefix("flowchart LR") && mermaid.contains("/actor/presentation/scope/login/notifier/intent"))
        #expect(sequence.hasPrefix("sequenceDiagram") && sequence.contains("Note over"))
        #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<?xml"))
        #expect(report.hasPrefix("Actors: ") && report.contains("BSP rules: kept."))
    }

    @Test func itShowsANotificationsRecordedValueWithItsRedactions() throws {
        let trail = try demoTrail().path

        let login = try run(product: "bsp-diagram", arguments: ["value", trail, "22"])
        let key = try run(product: "bsp-diagram", arguments: ["value", trail, "73"])

        #expect(login.contains("logIn(user: \"ada\", password: <private>)"))
        #expect(login.contains("    password: \"<private>\"  (redacted)\n    user: \"ada\""))
        #expect(key.contains("Reply:\n  issued\n    key: \"<private>\"  (redacted)"))
        #expect(!login.contains("lovelace") && !key.contains("otk-"))
        let usage = try run(
            product: "bsp-diagram", arguments: ["value", trail, "first"], expectedStatus: 2, standardError: true)
        #expect(usage.contains("a value is shown for a SEQUENCE number"))
        let missing = try run(
            product: "bsp-diagram", arguments: ["value", trail, "100000"], expectedStatus: 1, standardError: true)
        #expect(missing.contains("holds no notification #100000"))
        let noTrail = try run(product: "bsp-diagram", arguments: ["report"], expectedStatus: 2, standardError: true)
        #expect(noTrail.contains("a report is drawn from a trail") && !noTrail.contains("unknown drawing"))
    }

    /// The figures the README gives for the account app.
    @Test func theAccountAppsReportNamesEveryActorsPatternAndItsTangle() throws {
        let report = try run(product: "bsp-diagram", arguments: ["report", try demoTrail().path])
        let actors = report.split(separator: "\n").filter { $0.hasPrefix("  /actor/") }

        #expect(actors.count == 14)
        #expect(actors.allSatisfy { line in ConnectionPatternNames.all.contains { line.contains("  \($0) (") } })
        #expect(report.contains("Connection patterns: 1 Source, 2 Collector, 3 Operator, 8 Socket."))
        #expect(report.contains("Tangle: 0 crossings among 19 connections"))
        #expect(report.contains("BSP rules: kept."))
    }

    @Test func itWritesTheInteractivePageOfATrailAndItsRotatedFiles() throws {
        let trail = try demoTrail()
        let page = folder.appendingPathComponent("demo.html")
        _ = try run(product: "bsp-diagram", arguments: ["html", trail.path, "--output", page.path])
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("/actor/behaviour/scope/portal-session"))

        // A rotated trail reads as one, and a last line cut short by a crash is skipped.
        let rotated = folder.appendingPathComponent("rotated.jsonl")
        let lines = try String(contentsOf: trail, encoding: .utf8).split(separator: "\n")
        try Data((lines[..<100].joined(separator: "\n") + "\n").utf8)
            .write(to: folder.appendingPathComponent("rotated.1.jsonl"))
        try Data((lines[100...].joined(separator: "\n") + "\n{\"cut").utf8).write(to: rotated)
        let output = try run(
            product: "bsp-diagram", arguments: ["html", rotated.path, "--output", page.path], standardError: true)
        #expect(output.contains("skipped line \(lines.count - 99) of '\(rotated.path)'"))
        // Every record, the last included, whichever file holds a reply's line.
        let records = lines.count { !$0.hasPrefix(#"{"reply":"#) }
        #expect(try String(contentsOf: page, encoding: .utf8).contains("\"sequence\":\(records)"))

        let usage = try run(
            product: "bsp-diagram", arguments: ["html", trail.path, "--svg"], expectedStatus: 2, standardError: true)
        #expect(usage.contains("an html page is written with --output FILE"))
    }

    @Test func aMissingFileAMalformedLineAndAnUnknownFormatAreClearErrors() throws {
        let missing = try run(
            product: "bsp-diagram", arguments: ["report", "/nonexistent/trail.jsonl"], expectedStatus: 1,
            standardError: true)
        #expect(missing.contains("Cannot read the audit trail at '/nonexistent/trail.jsonl': there is no such file."))

        let broken = folder.appendingPathComponent("broken.jsonl")
        try Data((DiagramLines.valid + "\n{not json\n").utf8).write(to: broken)
        let malformed = try run(
            product: "bsp-diagram", arguments: ["report", broken.path], expectedStatus: 1, standardError: true)
        #expect(malformed.contains("Line 2 of the audit trail is not a valid record"))

        let format = try run(
            product: "bsp-diagram", arguments: ["topology", broken.path, "--svg"], expectedStatus: 2,
            standardError: true)
        #expect(format.contains("a topology is drawn as --dot or --mermaid"))
        let unknown = try run(
            product: "bsp-diagram", arguments: ["poster", broken.path], expectedStatus: 2, standardError: true)
        #expect(unknown.contains("unknown drawing 'poster'") && unknown.contains("usage: bsp-diagram"))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func askedForHelpOrGivenNothingItPrintsTheUsageAndSucceeds(arguments: [String]) throws {
        let help = try run(product: "bsp-diagram", arguments: arguments)

        #expect(help.hasPrefix("usage: bsp-diagram"))
        #expect(!help.contains("unknown drawing"))
    }

    @Test func theAccountAppWritesItsDiagramsWhenAsked() throws {
        let folder = folder.appendingPathComponent("account-app")

        let output = try run(product: "account-app", arguments: ["--demo", "--diagrams", folder.path])

        #expect(output.contains("Diagrams written to"))
        let live = try String(contentsOf: folder.appendingPathComponent("live-topology.mmd"), encoding: .utf8)
        #expect(live.contains("[\"/actor/behaviour/stack\"]") && live.contains("[\"/actor/presentation/stack\"]"))
        #expect(live.contains("/actor/presentation/scope/login/notifier/intent"))
        let sequence = try String(contentsOf: folder.appendingPathComponent("sequence.mmd"), encoding: .utf8)
        #expect(sequence.contains("▲ pushed(/actor/behaviour/scope/hosting)"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sequence.svg").path))
    }
}

enum DiagramLines {
    static let valid =
        #"{"delivery":"delivered","depth":0,"notification":"tap","notifier":"/actor/p/notifier/event","sequence":1,"source":"/actor/p","targets":[],"variety":"event"}"#
}

/// BSP's names of connection patterns, as the report prints them.
enum ConnectionPatternNames {
    static let all = ["Source", "Collector", "Operator", "Service", "Socket Source", "Socket"]
}
