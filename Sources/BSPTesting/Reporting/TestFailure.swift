@_spi(Inspection) import BSPCore
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Reports test failures into whichever framework is running the current test.
enum TestFailure {
    /// Records `message` as a failure at `location`: an issue when a Swift Testing test is
    /// running, an `XCTFail` in an XCTest run. Outside any test framework — BSPTesting used
    /// from a plain executable or a playground — nobody would hear of it, so the program stops
    /// with the message: a failed expectation cannot be missed.
    static func record(_ message: String, at location: SourceContext) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        } else if isXCTestRun {
            recordInXCTest(message, at: location)
        } else {
            fatalError(
                "swift-bsp: a test expectation failed outside any test framework.\n\(message)",
                file: location.filePath, line: location.line)
        }
    }

    /// Whether this process runs XCTest tests: it is the `.xctest` executable `swift test`
    /// builds on Linux, or a test bundle is loaded (by the `xctest` runner, or into an app that
    /// hosts the tests).
    static let isXCTestRun: Bool = {
        #if canImport(XCTest)
        let executable = CommandLine.arguments.first ?? ""
        return executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest")
            || Bundle.allBundles.contains { $0.bundlePath.hasSuffix(".xctest") }
        #else
        return false
        #endif
    }()

    /// Records a failure found after the test that caused it has ended. Swift Testing files it
    /// under an unknown test, which still fails the run; XCTest files it under the running test,
    /// if any. It is also written to standard error, in case neither is listening any more.
    static func recordLate(_ message: String, at location: SourceContext, wasSwiftTesting: Bool) {
        StandardError.write("swift-bsp: \(message)\n")
        if wasSwiftTesting {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        } else {
            recordInXCTest(message, at: location)
        }
    }

    private static func recordInXCTest(_ message: String, at location: SourceContext) {
        #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
        #else
        StandardError.write("swift-bsp: \(location.fileID):\(location.line): \(message)\n")
        #endif
    }
}
