import BSPCore
import BSPTesting
import Testing

@Suite("Redaction")
struct RedactionTests {
    @Test func uuidsAndDatesAreRedactedInTranscriptLines() {
        let app = TestFabric(redacting: [.uuids, .dates]) { EventNotifier<String>(of: "/actor/session") }

        app.system.emit("opened 3F2504E0-4F89-11D3-9A0C-0305E82C3301 at 2026-11-21T19:25:14Z")
        app.system.emit("expires 2026-11-22 10:00:00 +0000")

        #expect(
            app.transcript.lines == [
                "#1 /actor/session/notifier/event <event>: opened <uuid> at <date> [unobserved]",
                "#2 /actor/session/notifier/event <event>: expires <date> [unobserved]",
            ])
        app.expect(exactly: ["opened <uuid> at <date>", "expires <date>"])
    }

    @Test func aCustomRuleReplacesItsPattern() throws {
        let tokens = try Redaction.replacing("token-[0-9]+", with: "token-*")
        let app = TestFabric(redacting: [tokens]) { EventNotifier<String>(of: "/actor/auth") }

        app.system.emit("issued token-48213")

        #expect(app.transcript.lines == ["#1 /actor/auth/notifier/event <event>: issued token-* [unobserved]"])
    }

    @Test func anInvalidPatternIsAnError() {
        #expect(throws: (any Error).self) { try Redaction.replacing("(unclosed", with: "") }
    }
}
