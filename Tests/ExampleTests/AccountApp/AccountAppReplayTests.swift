import BSPCore
import BSPTesting
import Foundation
import Testing

@testable import account_app

/// The account app's Behaviour alone, as a replay drives it: its real scopes, bare notifiers at
/// the Service's URIs for the replay to stand in behind, and a bare presentation stack for the
/// scopes' views.
final class ReplayedBehaviour {
    let requests = RequestNotifier<PortalRequest, Void>(of: PortalService.uri)
    let sessionKeys = RequestNotifier<SessionKeyRequest, SessionKeyReply>(of: PortalService.uri, named: "session-key")
    let events = EventNotifier<PortalEvent>(of: PortalService.uri)
    let presentationStack = ScopeStack(uri: "/actor/presentation/stack")
    let behaviour: AccountBehaviour

    init(accountOrder: AccountOrder = .asReported) {
        let service = PortalPorts(requests: requests.port, sessionKeys: sessionKeys.port, events: events.port)
        behaviour = AccountBehaviour(
            service: service, presentationStack: presentationStack, accountOrder: accountOrder)
    }
}

/// A run of the account app recorded with `--trail`, replayed against its Behaviour.
@Suite("Account app: a recorded run replayed")
struct AccountAppReplayTests {
    /// The demo's scripted run — log in, open accounts, background and foreground twice, log
    /// out — as the app records it in a file trail.
    static func recordedDemo() throws -> AuditTrail {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trail = folder.appendingPathComponent("demo.jsonl")
        _ = try run(product: "account-app", arguments: ["--demo", "--trail", trail.path])
        return try FileAuditStore.read(trail).trail
    }

    @Test func theDemosRecordedRunReplaysAgainstTheRealBehaviourScopes() throws {
        let recording = try Self.recordedDemo()
        let app = TestFabric { ReplayedBehaviour() }

        app.replay(recording, under: AccountBehaviour.uri) {
            try app.behaviour.start()
        }

        #expect(app.store.records.count == recording.records.count)
        #expect(recording.records.contains { $0.reply != nil }, "the session keys' replies come from the recording")
    }

    @Test func aChangedBehaviourFailsTheReplayWithADiffOfWhatItShows() throws {
        let recording = try Self.recordedDemo()
        let app = TestFabric { ReplayedBehaviour(accountOrder: .byBalance) }

        withKnownIssue {
            app.replay(recording, under: AccountBehaviour.uri) {
                try app.behaviour.start()
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("Replay under /actor/behaviour: notification 36 of ")
                && text.contains("differs in the value")
                && text.contains(#"− show.accounts[0].name: "Everyday""#)
                && text.contains(#"+ show.accounts[0].name: "Savings""#)
        }
    }
}
