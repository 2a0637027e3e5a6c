import BSPCore
import BSPTesting
import Testing

@testable import account_app

/// The Generic Account App at each level: S, P and B alone, B+S and B+P.
@Suite("Account app: S, P, B, B+S, B+P")
struct AccountAppLevelTests {
    // MARK: S

    @Test func serviceLogsInAndTradesASessionForAOneTimeKeyWithinTheLimit() async throws {
        let s = TestFabric { PortalService(portal: Portal(disconnectionLimit: 60)) }

        s.exercise(s.requests, .logIn(user: "ada", password: "lovelace"))
        let issued = try s.exercise(s.sessionKeys, .issueOneTimeKey(token: "session-1"))
        s.system.portal.advance(by: 59)
        let resumed = try s.exercise(s.sessionKeys, .resume(key: "otk-2"))

        #expect(issued == .issued(key: "otk-2"))
        #expect(resumed == .resumed(Session(user: "ada", token: "session-3")))
        s.expect(s.events, "a login for ada") { event in
            if case .loggedIn(let session) = event { session.user == "ada" } else { false }
        }
        s.expectNothingElse()
        await s.finish()
    }

    @Test func serviceRefusesAKeyAfterTheDisconnectionLimitAndAWrongPassword() throws {
        let s = TestFabric { PortalService(portal: Portal(disconnectionLimit: 60)) }
        s.exercise(s.requests, .logIn(user: "ada", password: "lovelace"))
        _ = try s.exercise(s.sessionKeys, .issueOneTimeKey(token: "session-1"))
        s.system.portal.advance(by: 61)

        let refused = try s.exercise(s.sessionKeys, .resume(key: "otk-2"))
        s.exercise(s.requests, .logIn(user: "ada", password: "babbage"))

        #expect(refused == .refused(reason: "the session key expired (away for 61 s)"))
        s.expect(inOrder: ["loggedIn(", "logInRefused(reason: \"wrong name or password\")"])
    }

    @Test func serviceReportsTheOSLifecycle() throws {
        let s = TestFabric { PortalService(portal: Portal()) }

        s.system.applicationDidEnterBackground()
        s.system.applicationWillEnterForeground()

        s.expect(exactly: ["<event>: didEnterBackground", "<event>: willEnterForeground"])
    }

    // MARK: P

    @Test func presentationShowsTheTopViewAndTurnsCommandsIntoItsIntents() throws {
        let p = try TestFabric {
            let presentation = TerminalPresentation()
            try presentation.stack.push(LoginView())
            return presentation
        }

        let handled = p.system.perform(.logIn(user: "ada", password: "lovelace"))
        let refused = p.system.perform(.open(1))

        #expect(handled && !refused)
        #expect(p.system.screen.contains("Example Bank Portal — log in"))
        p.expect(
            exactly: ["/actor/presentation/scope/login/notifier/intent <event>: logIn(user: \"ada\""],
            in: .under("/actor/presentation/scope"))
    }

    @Test func presentationRendersUpdatesItIsSent() throws {
        let p = try TestFabric {
            let presentation = TerminalPresentation()
            try presentation.stack.push(AccountsView())
            return presentation
        }
        let view = try #require(topView(p.system.stack, as: AccountsView.self))

        p.exercise(view.updates, .show(user: "ada", accounts: [Account(id: "X", name: "Float", balanceCents: 1)]))

        #expect(p.system.screen == "┌─ Accounts of ada\n│ 1. Float  $0.01\n│ ‹open N, logout›\n└─")
    }

    // MARK: B

    @Test func behaviourAloneCascadesToLoginAndLogsInThroughTheService() throws {
        let b = TestFabric {
            let (service, keys) = portalStandIn()
            let presentationStack = ScopeStack(uri: "/actor/presentation/stack")
            let behaviour = AccountBehaviour(service: service.ports(keys: keys), presentationStack: presentationStack)
            return (service: service, keys: keys, views: presentationStack, behaviour: behaviour)
        }
        try b.behaviour.start()
        #expect(names(b.behaviour.stack) == ["hosting", "network-portal", "portal-session"])
        b.expect(inOrder: ["verifyHosting", "discoverPortal", "openSecureConnection"], in: .under("/actor/service"))

        let login = try #require(topView(b.views, as: LoginView.self))
        login.express(.logIn(user: "ada", password: "lovelace"))

        #expect(names(b.behaviour.stack) == ["hosting", "network-portal", "portal-session", "accounts"])
        b.expect(inOrder: [
            "/actor/service/notifier/request <request>: logIn(user: \"ada\", password: <private>)",
            "/actor/service/notifier/request <request>: fetchAccounts(token: <private>)",
        ])
        #expect(b.service.received.last == .fetchAccounts(token: "session-1"))
    }

    @Test(arguments: [true, false])
    func behaviourAloneSuspendsOnBackgroundAndResumesAsFarAsTheKeyAllows(accepted: Bool) throws {
        let b = TestFabric {
            let (service, keys) = portalStandIn(acceptingKeys: accepted)
            let views = ScopeStack(uri: "/actor/presentation/stack")
            return (
                service, keys, views, AccountBehaviour(service: service.ports(keys: keys), presentationStack: views)
            )
        }
        let (service, keys, views, behaviour) = b.system
        try behaviour.start()
        try #require(topView(views, as: LoginView.self)).express(.logIn(user: "ada", password: "lovelace"))

        b.exercise(service.events, .didEnterBackground)
        #expect(names(behaviour.stack) == ["hosting"])
        b.exercise(service.events, .willEnterForeground)

        #expect(keys.received == [.issueOneTimeKey(token: "session-1"), .resume(key: "otk-stand-in")])
        if accepted {
            #expect(names(behaviour.stack) == ["hosting", "network-portal", "portal-session", "accounts"])
        } else {
            #expect(names(behaviour.stack) == ["hosting", "network-portal", "portal-session"])
            #expect(views.topView(as: String.self)?.contains("Please log in again: key refused.") == true)
        }
        b.expect(inOrder: [
            "/actor/service/keys/notifier/request <request>: issueOneTimeKey(token: <private>)",
            "/actor/service/keys/notifier/request <request>: resume(key: <private>)",
        ])
    }

    // MARK: B+S

    @Test func behaviourWithTheRealServiceNavigatesToAnAccount() throws {
        let bs = TestFabric {
            let service = PortalService(portal: Portal())
            let views = ScopeStack(uri: "/actor/presentation/stack")
            return (service, views, AccountBehaviour(service: service.ports, presentationStack: views))
        }
        try bs.system.2.start()

        try #require(topView(bs.system.1, as: LoginView.self)).express(.logIn(user: "alan", password: "turing"))
        try #require(topView(bs.system.1, as: AccountsView.self)).express(.open(index: 0))

        #expect(names(bs.system.2.stack).suffix(2) == ["accounts", "account-detail"])
        #expect(bs.system.1.topView(as: String.self)?.contains("Bombe maintenance  -$120.00") == true)
        bs.expect(inOrder: ["loggedIn(alan", "accountsFetched(", "transactionsFetched(account: \"B-1\""])
    }

    // MARK: B+P

    @Test func behaviourWithTheTerminalShowsWhatTheStandInPortalSays() throws {
        let bp = TestFabric {
            let (service, keys) = portalStandIn()
            let presentation = TerminalPresentation()
            let behaviour = AccountBehaviour(service: service.ports(keys: keys), presentationStack: presentation.stack)
            return (service, keys, presentation, behaviour)
        }
        try bp.system.3.start()

        #expect(bp.system.2.perform(.logIn(user: "ada", password: "wrong")))
        #expect(bp.system.2.screen.contains("Login failed: nope."))
        #expect(bp.system.2.perform(.logIn(user: "ada", password: "lovelace")))
        #expect(bp.system.2.screen.contains("1. Everyday  $1,250.00"))
        #expect(!bp.system.2.perform(.back))

        bp.expect(contains: ["logInRefused(reason: \"nope\")", "accountsFetched("])
        bp.expect(none: ["transactions"])
    }
}
