import BSPCore
import BSPDiagrams
import Foundation
import Testing

/// The drawings go through real renderers from Debian's packages (graphviz's `dot`,
/// librsvg's `rsvg-convert`), which CI installs; elsewhere the tests run where they are present.
@Suite(.enabled(if: Renderer.available || ProcessInfo.processInfo.environment["CI"] != nil))
struct RendererTests {
    @Test func dotRendersTheTopologyIntoANonBlankPNG() throws {
        let drawn = try Renderer.run("dot", ["-Tpng"], input: Topology(trail: DiagramFixture.trail).dot())
        let blank = try Renderer.run("dot", ["-Tpng"], input: "digraph { }\n")

        try Renderer.expectNonBlank(drawn, comparedWith: blank)
    }

    @Test func rsvgRendersTheSequenceIntoANonBlankPNG() throws {
        let svg = SequenceDiagram(trail: DiagramFixture.trail).svg()
        let drawn = try Renderer.run("rsvg-convert", ["--format=png"], input: svg)
        let size = svg.split(separator: "\n")[1]  // the <svg …> line, with the same size
        let blank = try Renderer.run(
            "rsvg-convert", ["--format=png"],
            input: "<?xml version=\"1.0\"?>\n\(size)<rect width=\"100%\" height=\"100%\" fill=\"white\"/></svg>\n")

        try Renderer.expectNonBlank(drawn, comparedWith: blank)
    }
}

enum Renderer {
    static var available: Bool {
        ["dot", "rsvg-convert"].allSatisfy { tool in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
            }
        }
    }

    /// Runs `tool` with `input` on standard input and returns its standard output.
    static func run(_ tool: String, _ arguments: [String], input: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0, "\(tool) failed; is it installed? (apt-get install graphviz librsvg2-bin)")
        return output
    }

    /// A PNG with a real width and height, and far more to encode than a blank image of the
    /// same renderer: blank pixels compress to almost nothing.
    static func expectNonBlank(_ png: Data, comparedWith blank: Data) throws {
        let bytes = [UInt8](png)
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width > 100 && height > 50)
        #expect(
            png.count > 3 * blank.count && png.count > 4_000,
            "\(png.count) bytes against \(blank.count) for a blank image")
    }
}
