import BSPCore
import BSPTesting
import Testing

@Suite("Stand-ins")
struct StandInTests {
    @Test func aMockRecordsRequestsAndAnswersWithCannedRepliesAndEvents() throws {
        let app = TestFabric {
            MockActor<String, Int, String>("/actor/service", reply: { $0.count }, respond: { ["handled \($0)"] })
        }
        var heard: [String] = []
        let token = app.system.events.observe { heard.append($0) }

        let reply = try app.exercise(app.requests, "four")
        app.system.emit("by hand")

        #expect(reply == 4)
        #expect(app.received == ["four"])
        #expect(heard == ["handled four", "by hand"])
        app.expect(exactly: ["<event>: handled four ← #1", "<event>: by hand"])
        _ = token
    }

    @Test func aPassThroughScopePushesTheNextScopeAndRecordsWhatHappened() throws {
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        let session = PassThroughScope("/actor/behaviour/scope/session")
        let hosting = PassThroughScope("/actor/behaviour/scope/hosting", on: stack) { session }

        try stack.push(hosting)

        #expect(stack.scopes.map(\.uri) == ["/actor/behaviour/scope/hosting", "/actor/behaviour/scope/session"])
        #expect(hosting.calls == ["activate"])
    }

    @Test func aPassThroughScopeAnswersSuspendAndResumeWithItsCannedValues() throws {
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        let hosting = PassThroughScope("/actor/behaviour/scope/hosting")
        let session = PassThroughScope("/actor/behaviour/scope/session")
        session.suspendedValues = ["key": "one-time"]
        try stack.push(hosting)
        try stack.push(session)

        let records = try stack.suspend(above: hosting.uri)
        let refusing = PassThroughScope("/actor/behaviour/scope/session")
        refusing.resumeDecision = .refuse(reason: "expired")
        let outcome = try stack.resume(from: records) { _ in refusing }

        #expect(records == [ScopeRecord(scope: "/actor/behaviour/scope/session", values: ["key": "one-time"])])
        #expect(session.calls == ["activate", "suspend", "deactivate"])
        #expect(refusing.calls == ["activate", "resume"])
        #expect(outcome == .stopped(at: "/actor/behaviour/scope/session", reason: "expired", restored: 1))
    }
}
