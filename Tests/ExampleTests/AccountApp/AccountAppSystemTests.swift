import BSPCore
import BSPTesting
import Foundation
import Testing

@testable import account_app

/// The whole Generic Account App, driven through its console as a user and the OS would.
@Suite("Account app: BSP")
struct AccountAppSystemTests {
    /// Account data that must never survive backgrounding.
    static let secrets = ["Everyday", "Savings", "$1,250.00", "$10,400.00", "Interest", "$42.00"]

    /// Everything the scopes hold: their stored properties, a few references deep, and the
    /// rendered text of the views.
    static func contents(of scopes: [any Scope]) -> String {
        var text = ""
        for scope in scopes {
            dump(scope, to: &text, maxDepth: 3)
            if let view = (scope as? any PresentationScope)?.view {
                text += "\(view)\n"
            }
        }
        return text
    }

    func app(disconnectionLimit: Double = 120) throws -> (TestFabric<AccountApp>, Console, () -> [String]) {
        let fabric = try TestFabric { try AccountApp(portal: Portal(disconnectionLimit: disconnectionLimit)) }
        var screens: [String] = []
        let console = Console(app: fabric.system) { screens.append($0) }
        try fabric.system.start()
        return (fabric, console, { screens })
    }

    @Test func startupShowsTheLoginScreenAfterHostingAndPortal() throws {
        let (app, _, _) = try app()

        #expect(names(app.behaviour.stack) == ["hosting", "network-portal", "portal-session"])
        #expect(names(app.presentation.stack) == ["hosting", "network-portal", "login"])
        #expect(app.presentation.screen.contains("Welcome. Please log in."))
        app.expect(inOrder: [
            "/actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/hosting)",
            "/actor/presentation/stack/notifier/request <request>: push(/actor/presentation/scope/hosting) ← #1",
            "/actor/service/notifier/request <request>: verifyHosting ← #1",
            "/actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/network-portal)",
            "/actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/portal-session)",
        ])
    }

    @Test func backgroundingScrubsEveryScopeAndViewAndReleasesThem() throws {
        let (app, console, _) = try app()
        for line in ["login ada lovelace", "open 2"] { console.run(line) }
        weak let detail = app.behaviour.stack.top
        weak let detailView = app.presentation.stack.top
        weak let session = app.behaviour.stack.scopes[2]
        #expect(app.presentation.screen.contains("Savings — $10,400.00"))
        let before = Self.contents(of: app.behaviour.stack.scopes + app.presentation.stack.scopes)
        #expect(Self.secrets.allSatisfy(before.contains), "the check must see the data while it is there")

        console.run("background")

        #expect(names(app.behaviour.stack) == ["hosting"])
        #expect(names(app.presentation.stack) == ["hosting"])
        #expect(detail == nil && detailView == nil && session == nil)
        let remaining =
            Self.contents(of: app.behaviour.stack.scopes + app.presentation.stack.scopes)
            + app.presentation.screen
        for secret in Self.secrets {
            #expect(!remaining.contains(secret), "'\(secret)' survived backgrounding")
        }
        #expect(app.presentation.screen.contains("In the background: all data scrubbed."))
        app.expect(inOrder: [
            "/actor/service/notifier/event <event>: didEnterBackground",
            "/actor/behaviour/stack/notifier/transition <event>: suspended(/actor/behaviour/scope/account-detail)",
            "suspended(/actor/behaviour/scope/accounts)",
            "/actor/service/notifier/session-key <request>: issueOneTimeKey(token: <private>)",
            "suspended(/actor/behaviour/scope/portal-session)",
            "suspended(/actor/behaviour/scope/network-portal)",
        ])
    }

    @Test func foregroundingWithAnAcceptedKeyReturnsToTheRecordedScreen() throws {
        let (app, console, _) = try app(disconnectionLimit: 60)
        for line in ["login ada lovelace", "open 2", "background", "wait 59"] { console.run(line) }

        console.run("foreground")

        #expect(
            names(app.behaviour.stack) == ["hosting", "network-portal", "portal-session", "accounts", "account-detail"])
        #expect(app.presentation.screen.contains("Savings — $10,400.00"))
        app.expect(inOrder: [
            "<event>: willEnterForeground",
            "/actor/service/notifier/session-key <request>: resume(key: <private>)",
            "transition <event>: pushed(/actor/behaviour/scope/account-detail)",
        ])
        app.expect(none: ["resumeStopped"])
    }

    @Test func foregroundingWithARefusedKeyStopsAtTheLoginScreen() throws {
        let (app, console, _) = try app(disconnectionLimit: 60)
        for line in ["login ada lovelace", "open 1", "background", "wait 61"] { console.run(line) }

        console.run("foreground")

        #expect(names(app.behaviour.stack) == ["hosting", "network-portal", "portal-session"])
        #expect(app.presentation.screen.contains("Please log in again: the session key expired (away for 61 s)."))
        app.expect(inOrder: [
            "/actor/service/notifier/session-key <request>: resume(key: <private>)",
            "resumeStopped(at: /actor/behaviour/scope/portal-session, reason: \"the session key expired (away for 61 s)\")",
        ])
        console.run("login ada lovelace")
        #expect(app.presentation.screen.contains("Accounts of ada"))
    }

    @Test func logoutFromTheDetailUnwindsToTheLoginScreen() throws {
        let (app, console, _) = try app()
        for line in ["login alan turing", "open 1"] { console.run(line) }

        console.run("logout")

        #expect(names(app.behaviour.stack) == ["hosting", "network-portal", "portal-session"])
        #expect(app.presentation.screen.contains("Logged out."))
        app.expect(inOrder: [
            "/actor/behaviour/notifier/meta <event>: logOutRequested",
            "/actor/behaviour/stack/notifier/request <request>: popAbove(/actor/behaviour/scope/portal-session)",
            "/actor/service/notifier/request <request>: logOut(token: <private>)",
        ])
    }

    @Test func anAppDiscardedMidNavigationFreesEveryScopeAndView() throws {
        var scopes: [() -> AnyObject?] = []
        do {
            let app = try AccountApp()
            let console = Console(app: app) { _ in }
            try app.start()
            for line in ["login ada lovelace", "open 1"] { console.run(line) }
            for scope in app.behaviour.stack.scopes + app.presentation.stack.scopes {
                scopes.append { [weak scope] in scope }
            }
            #expect(scopes.count == 10)
        }
        #expect(scopes.allSatisfy { $0() == nil }, "a scope outlived its app: a retain cycle through the stack")
    }

    @Test func mistypedCommandsAreExplainedNotActedOn() throws {
        let (app, console, screens) = try app()

        console.run("open 1")
        console.run("fly away")
        console.run("login ada")
        console.run("wait -3")

        #expect(
            screens().filter { !$0.hasPrefix("┌") } == [
                "'open' is not available on this screen.",
                "Unknown command 'fly'. Type 'help' for the list.",
                "Usage: login NAME PASSWORD",
                "Usage: wait SECONDS",
            ])
        #expect(names(app.behaviour.stack).last == "portal-session")
    }

    @Test func theExecutablePlaysItsDemoWithoutATerminalAndWritesTheTrail() throws {
        let trail = FileManager.default.temporaryDirectory.appendingPathComponent("account-app-\(UUID()).jsonl")
        defer { removeTrail(trail) }

        let output = try run(product: "account-app", arguments: ["--demo", "--trail", trail.path])

        for expected in [
            "> login ada wrong", "Login failed: wrong name or password.",
            "> open 2", "Savings — $10,400.00",
            "> background", "In the background: all data scrubbed.",
            "Please log in again: the session key expired (away for 600 s).",
            "Logged out. Please log in.", "Audit trail:",
        ] {
            #expect(output.contains(expected), "missing: \(expected)")
        }
        let recovered = try FileAuditStore.read(trail)
        #expect(recovered.tornLines.isEmpty)
        let records = recovered.trail.records
        #expect(records.count > 100)
        #expect(
            records.contains {
                $0.notification
                    == "resumeStopped(at: /actor/behaviour/scope/portal-session, reason: \"the session key expired (away for 600 s)\")"
            })
        #expect(records.contains { $0.scope == "/actor/presentation/scope/account-detail" })
    }

    @Test func theDemosTrailFileHoldsNeitherThePasswordNorASessionTokenNorAKey() throws {
        let trail = FileManager.default.temporaryDirectory.appendingPathComponent("account-app-\(UUID()).jsonl")
        defer { removeTrail(trail) }

        _ = try run(product: "account-app", arguments: ["--demo", "--trail", trail.path])

        let bytes = try String(contentsOf: trail, encoding: .utf8)
        // The demo logs in as ada (password lovelace), holds session tokens `session-N` and
        // trades them for one-time keys `otk-N`.
        for secret in ["lovelace", "session-1", "session-3", "otk-"] {
            #expect(!bytes.contains(secret), "the trail holds \(secret)")
        }
        #expect(bytes.contains(#"logIn(user: \"ada\", password: <private>)"#))
        #expect(bytes.contains("issueOneTimeKey(token: <private>)"))
    }

    @Test func theExecutableRejectsUnknownOptions() throws {
        let output = try run(product: "account-app", arguments: ["--colour"], expectedStatus: 2, standardError: true)
        #expect(
            output.contains(
                "Usage: account-app [--demo] [--trail FILE] [--diagrams FOLDER] [--disconnect-after SECONDS]"))
    }
}
