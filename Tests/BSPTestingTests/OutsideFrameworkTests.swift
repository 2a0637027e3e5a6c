import Foundation
import Testing

@Suite("Outside any test framework")
struct OutsideFrameworkTests {
    @Test("a failed expectation stops the program with its message, after the passing ones ran")
    func failedExpectationStopsTheProgram() throws {
        let program = Process()
        program.executableURL = productsDirectory.appendingPathComponent("loose-expectation")
        let output = Pipe()
        let errors = Pipe()
        program.standardOutput = output
        program.standardError = errors
        try program.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        program.waitUntilExit()

        #expect(program.terminationStatus != 0)
        #expect(printed.contains("the passing expectation passed"))
        #expect(!printed.contains("still running after a failed expectation"))
        #expect(complaint.contains("swift-bsp: a test expectation failed outside any test framework."))
        #expect(complaint.contains(#"[1] "pong" ✗ not found"#))
    }
}

/// The folder the package's executables are built into, beside the test bundle.
private var productsDirectory: URL {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    return Bundle.main.bundleURL
}
