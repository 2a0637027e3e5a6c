import BSPCore
import BSPTesting
import Testing
import XCTest

/// Failures reach XCTest when no Swift Testing test is running, at the caller's line.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(description: String, line: Int)] = []

    #if os(Linux) || os(Windows) || os(Android)
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        failures.append((description, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    func testAFailedExpectationIsAnXCTestFailureAtTheCallersLine() throws {
        let app = TestFabric { LocationPresentation() }
        app.system.tapShowLocation()

        let line = #line + 1
        app.expect(contains: ["show(\"Nowhere\")"])

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("expect(contains:) failed") == true)
        XCTAssertTrue(failures.first?.description.contains("showLocationTapped") == true)
    }

    func testAPassingExpectationReportsNothing() throws {
        let app = TestFabric { LocationPresentation() }
        app.system.tapShowLocation()

        app.expect(contains: ["showLocationTapped"])
        app.expectNothingElse()

        XCTAssertTrue(failures.isEmpty)
    }
}
