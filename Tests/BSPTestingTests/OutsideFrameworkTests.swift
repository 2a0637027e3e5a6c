import Foundation
import TestSupport
import Testing

@Suite("Outside any test framework")
struct OutsideFrameworkTests {
    @Test("a failed expectation stops the program with its message, after the passing ones ran")
    func failedExpectationStopsTheProgram() throws {
        let program = Process()
        program.executableURL = productsDirectory.appendingPathComponent("loose-expectation")
        // Files, not pipes: a crashing program's backtracer inherits its output and may hold a
        // pipe open long after the program has gone; and no backtrace, which only slows it down.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loose-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outputFile, errorFile) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        program.standardOutput = try FileHandle(forWritingTo: outputFile)
        program.standardError = try FileHandle(forWritingTo: errorFile)
        program.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        try program.run()
        program.waitUntilExit()
        let printed = try String(contentsOf: outputFile, encoding: .utf8)
        let complaint = try String(contentsOf: errorFile, encoding: .utf8)

        #expect(program.terminationStatus != 0)
        #expect(printed.contains("the passing expectation passed"))
        #expect(!printed.contains("still running after a failed expectation"))
        #expect(complaint.contains("swift-bsp: a test expectation failed outside any test framework."))
        #expect(complaint.contains(#"[1] "pong" ✗ not found"#))
    }
}
