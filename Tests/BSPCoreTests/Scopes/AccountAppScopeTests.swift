import BSPCore
import Foundation
import Testing

/// The Generic Account App's scopes, stubbed: startup, backgrounding and foregrounding.
@Suite("Generic Account App scopes")
struct AccountAppScopeTests {
    /// The portal: issues one-time session keys and decides whether to accept them.
    final class Portal {
        var acceptsKeys = true
        private(set) var issued: [String] = []

        func issueOneTimeKey(for user: String) -> String {
            let key = "key-\(user)-\(issued.count + 1)"
            issued.append(key)
            return key
        }

        func accepts(_ key: String?) -> Bool {
            acceptsKeys && key.map(issued.contains) == true
        }
    }

    class AppScope: Scope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        unowned let app: App

        init(_ name: String, app: App) {
            uri = try! ActorURI(validating: "/actor/behaviour/scope/\(name)")
            self.app = app
        }

        // A base class implements the requirements it lets subclasses override; otherwise the
        // protocol's defaults are the witnesses and the subclasses' methods are never called.
        func activate() {}
        func suspend() -> ScopeRecord { ScopeRecord(scope: uri) }
        func resume(from record: ScopeRecord) -> ResumeDecision { .proceed }

        /// Pushes the next scope of the startup cascade, unless resumption will.
        func start(_ next: AppScope) {
            if lifecycle.resumeRecord == nil { try? app.stack.push(next) }
        }
    }

    final class HostingScope: AppScope {
        init(app: App) { super.init("hosting", app: app) }
        override func activate() { start(NetworkPortalScope(app: app)) }
    }

    final class NetworkPortalScope: AppScope {
        init(app: App) { super.init("network-portal", app: app) }
        override func activate() { start(PortalSessionScope(app: app)) }
    }

    final class PortalSessionScope: AppScope {
        var user: String?
        init(app: App) { super.init("portal-session", app: app) }

        override func suspend() -> ScopeRecord {
            defer { user = nil }
            guard let user else { return ScopeRecord(scope: uri) }
            return ScopeRecord(scope: uri, values: ["user": user, "key": app.portal.issueOneTimeKey(for: user)])
        }

        override func resume(from record: ScopeRecord) -> ResumeDecision {
            guard app.portal.accepts(record["key"]) else { return .refuse(reason: "session key refused") }
            user = record["user"]
            return .proceed
        }
    }

    final class AccountsScope: AppScope {
        var accounts: [String] = []
        init(app: App) { super.init("accounts", app: app) }
        override func activate() { if lifecycle.resumeRecord == nil { accounts = ["Cheque", "Savings"] } }

        override func suspend() -> ScopeRecord {
            accounts = []
            return ScopeRecord(scope: uri)
        }
    }

    final class DetailScope: AppScope {
        var account: String?
        init(account: String?, app: App) {
            self.account = account
            super.init("account-detail", app: app)
        }

        override func suspend() -> ScopeRecord {
            defer { account = nil }
            return ScopeRecord(scope: uri, values: ["account": account ?? ""])
        }

        override func resume(from record: ScopeRecord) -> ResumeDecision {
            account = record["account"]
            return .proceed
        }
    }

    final class App {
        let portal = Portal()
        let stacks = Stacks()
        var stack: ScopeStack { stacks.behaviour }
        var transitions: [ScopeTransition] = []
        var tokens: [Registration] = []

        init() {
            stack.transitions.observe { [unowned self] in transitions.append($0) }.store(in: &tokens)
        }

        func make(_ record: ScopeRecord) -> (any Scope)? {
            switch record.scope.segments.last {
            case "network-portal": NetworkPortalScope(app: self)
            case "portal-session": PortalSessionScope(app: self)
            case "accounts": AccountsScope(app: self)
            case "account-detail": DetailScope(account: nil, app: self)
            default: nil
            }
        }

        /// Starts up, logs in, and opens the savings account.
        func startAndNavigate() throws {
            try stack.push(HostingScope(app: self))
            (stack.top as? PortalSessionScope)?.user = "ada"
            try stack.push(AccountsScope(app: self))
            try stack.push(DetailScope(account: "Savings", app: self))
        }

        var names: [String] { stack.scopes.map { String($0.uri.segments.last!) } }
    }

    @Test func startupCascadesFromHostingToTheLoginScope() throws {
        let app = App()

        try app.stack.push(HostingScope(app: app))

        #expect(app.names == ["hosting", "network-portal", "portal-session"])
        #expect(
            app.transitions == [
                .pushed("/actor/behaviour/scope/hosting"),
                .pushed("/actor/behaviour/scope/network-portal"),
                .pushed("/actor/behaviour/scope/portal-session"),
            ])
    }

    @Test func backgroundingScrubsEveryScopeAndRecordsWhereItWas() throws {
        let app = App()
        try app.startAndNavigate()
        let session = try #require(app.stack.scopes[2] as? PortalSessionScope)
        let accounts = try #require(app.stack.scopes[3] as? AccountsScope)
        let detail = try #require(app.stack.scopes[4] as? DetailScope)
        app.transitions = []

        let records = try app.stack.suspend(above: "/actor/behaviour/scope/hosting")

        #expect(app.names == ["hosting"])
        #expect(session.user == nil && accounts.accounts.isEmpty && detail.account == nil)
        #expect(
            records.map { $0.scope.segments.last! } == [
                "network-portal", "portal-session", "accounts", "account-detail",
            ])
        #expect(records[1].values == ["user": "ada", "key": "key-ada-1"])
        #expect(records[3]["account"] == "Savings")
        #expect(
            app.transitions == [
                .suspended("/actor/behaviour/scope/account-detail"),
                .suspended("/actor/behaviour/scope/accounts"),
                .suspended("/actor/behaviour/scope/portal-session"),
                .suspended("/actor/behaviour/scope/network-portal"),
            ])
        let saved = try JSONEncoder().encode(records)
        #expect(try JSONDecoder().decode([ScopeRecord].self, from: saved) == records)
    }

    @Test func foregroundingWithAnAcceptedKeyReturnsToTheRecordedScreen() throws {
        let app = App()
        try app.startAndNavigate()
        let records = try app.stack.suspend(above: "/actor/behaviour/scope/hosting")

        let outcome = try app.stack.resume(from: records, make: app.make)

        #expect(outcome == .completed(restored: 4))
        #expect(app.names == ["hosting", "network-portal", "portal-session", "accounts", "account-detail"])
        #expect((app.stack.scopes[2] as? PortalSessionScope)?.user == "ada")
        #expect((app.stack.top as? DetailScope)?.account == "Savings")
        #expect(app.stack.scopes.allSatisfy { $0.lifecycle.state == .active && $0.lifecycle.resumeRecord == nil })
    }

    @Test func foregroundingWithARefusedKeyStopsAtTheLoginScope() throws {
        let app = App()
        try app.startAndNavigate()
        let records = try app.stack.suspend(above: "/actor/behaviour/scope/hosting")
        app.portal.acceptsKeys = false
        app.transitions = []

        let outcome = try app.stack.resume(from: records, make: app.make)

        #expect(
            outcome == .stopped(at: "/actor/behaviour/scope/portal-session", reason: "session key refused", restored: 2)
        )
        #expect(app.names == ["hosting", "network-portal", "portal-session"])
        #expect((app.stack.top as? PortalSessionScope)?.user == nil)
        #expect(
            app.transitions == [
                .pushed("/actor/behaviour/scope/network-portal"),
                .pushed("/actor/behaviour/scope/portal-session"),
                .resumeStopped(at: "/actor/behaviour/scope/portal-session", reason: "session key refused"),
            ])
    }

    @Test func aRecordNoScopeCanBeMadeForStopsResumptionBeforeIt() throws {
        let app = App()
        try app.stack.push(HostingScope(app: app))
        try app.stack.popAbove("/actor/behaviour/scope/hosting")
        let records = [
            ScopeRecord(scope: "/actor/behaviour/scope/network-portal"),
            ScopeRecord(scope: "/actor/behaviour/scope/unknown"),
        ]

        let outcome = try app.stack.resume(from: records, make: app.make)

        #expect(
            outcome
                == .stopped(
                    at: "/actor/behaviour/scope/unknown", reason: "no scope was made from its record", restored: 1))
        #expect(app.names == ["hosting", "network-portal"])
    }
}
