@_spi(Inspection) import BSPCore
import BSPTesting
import Testing

/// What each matcher reports when it fails, and where.
@Suite("Matcher failures")
struct MatcherFailureTests {
    /// A fabric whose transcript is four notifications: a tap, a request, its event, a request.
    func fabric() throws -> TestFabric<(LocationService, LocationPresentation, LocationBehaviour)> {
        let fabric = TestFabric {
            let service = LocationService { nil }
            let presentation = LocationPresentation()
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }
        fabric.system.1.tapShowLocation()
        return fabric
    }

    /// Runs `body`, expecting exactly one issue, and returns its text and line.
    func failure(_ body: () -> Void) -> (text: String, line: Int?) {
        let captured = Locked<(text: String, line: Int?)>(("", nil))
        withKnownIssue {
            body()
        } matching: { issue in
            captured.withLock {
                $0 = (issue.comments.map(\.rawValue).joined(separator: "\n"), issue.sourceLocation?.line)
            }
            return true
        }
        return captured.withLock { $0 }
    }

    @Test func aMissIsReportedAtTheCallersLineWithTheClosestLineAndTheTranscriptOnce() throws {
        let app = try fabric()
        let line = #line + 1
        let (text, reportedLine) = failure { app.expect(inOrder: ["resolveLocation", "show(\"Darwin\")"]) }

        #expect(reportedLine == line)
        #expect(text.hasPrefix("expect(inOrder:) failed (all notifiers)."))
        #expect(text.contains("[1] \"resolveLocation\" ✓ matched #2"))
        #expect(
            text.contains(
                "[2] \"show(\\\"Darwin\\\")\" ✗ not found; closest: "
                    + "#5 /actor/presentation/notifier/request <request>: showError(\"no fix\") ← #4"))
        #expect(text.ranges(of: "Transcript (5 notifications):").count == 1)
        #expect(text.contains("#2 /actor/service/notifier/request <request>: resolveLocation ← #1    ◀ [1]"))
        #expect(text.contains("showError(\"no fix\") ← #4    ◀ closest to [2]"))
    }

    @Test func anAmbiguousSubstringIsReportedWithEveryLineItMatches() throws {
        let app = try fabric()

        let (text, _) = failure { app.expect(contains: ["/actor/service"]) }

        #expect(text.contains("[1] \"/actor/service\" ✗ ambiguous: matches 3 lines (#2, #3, #4)"))
        #expect(text.contains("use expect(count:of:)"))
    }

    @Test func exactlyReportsTheMismatchedLineAndTheLinesNotAccountedFor() throws {
        let app = try fabric()

        let (text, _) = failure { app.expect(exactly: ["showLocationTapped", "resolveLocation", "resolved("]) }

        #expect(text.contains("[3] \"resolved(\" ✗ not in its line: #3 /actor/service/analytics"))
        #expect(
            text.contains("Not accounted for:\n  #4 /actor/service/notifier/event <event>: failed(\"no fix\") ← #2"))
        #expect(text.contains("◀ unexpected"))
    }

    @Test func exactlyReportsExpectedLinesThatNeverCame() throws {
        let app = try fabric()

        let (text, _) = failure {
            app.expect(
                exactly: ["showLocationTapped", "showError", "a third line"],
                in: .under("/actor/presentation").ignoring("/actor/presentation/nothing"))
        }

        #expect(text.contains("under /actor/presentation, ignoring /actor/presentation/nothing"))
        #expect(text.contains("[2] \"showError\" ✓ matched #5"))
        #expect(text.contains("[3] \"a third line\" ✗ not found"))
    }

    @Test func noneReportsTheLinesThatContainAForbiddenSubstring() throws {
        let app = try fabric()

        let (text, _) = failure { app.expect(none: ["showError", "never"]) }

        #expect(text.contains("[1] \"showError\" ✗ found in #5"))
        #expect(text.contains("[2] \"never\" ✓"))
    }

    @Test func countReportsHowManyLinesItFound() throws {
        let app = try fabric()

        let (text, _) = failure { app.expect(count: 3, of: "<request>") }

        #expect(text.contains("[1] \"<request>\" ✗ expected 3 lines, found 2 (#2, #5)"))
    }

    @Test func nothingElseIsStrictUnderOnePrefixAndIgnoresTheRest() throws {
        let app = try fabric()
        app.expect(inOrder: ["showLocationTapped", "showError"], in: .under("/actor/presentation"))

        app.expectNothingElse(in: .under("/actor/presentation"))  // passes: analytics and service ignored
        let (text, _) = failure { app.expectNothingElse(in: TranscriptFilter.all.ignoring("/actor/service/analytics")) }

        #expect(text.contains("Not accounted for:\n  #2 /actor/service/notifier/request"))
        #expect(!text.contains("Not accounted for:\n  #3"))
    }

    @Test func expectationsConsumeTheLinesTheyMatch() throws {
        let app = try fabric()
        app.expect(contains: ["resolveLocation"])

        let (text, _) = failure { app.expect(contains: ["resolveLocation"]) }

        #expect(text.contains("✗ not found"))
    }

    @Test func aLongTranscriptIsElidedAroundTheLinesThatMatter() {
        let app = TestFabric { EventNotifier<Int>(of: "/actor/counter") }
        for value in 0..<500 { app.system.emit(value) }

        let (text, _) = failure { app.expect(inOrder: ["<event>: 250 ", "<event>: 1000"]) }

        #expect(text.contains("Transcript (500 notifications):"))
        #expect(text.contains("#251 /actor/counter/notifier/event <event>: 250 [unobserved]    ◀ [1]"))
        #expect(text.contains("… 238 more"))
        #expect(text.split(separator: "\n").count < 80)
    }
}
