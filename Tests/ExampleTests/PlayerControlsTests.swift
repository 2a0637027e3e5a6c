import BSPCore
import BSPTesting
import Testing

@testable import player_controls

/// The evaluator's outcome as one list of effects, for the given/when/then spec.
enum PlayerEffect: Equatable, CustomStringConvertible {
    case update(PlayerEvaluator.UIUpdate)
    case action(PlayerEvaluator.Action)

    var description: String {
        switch self {
        case .update(let update): "\(update)"
        case .action(let action): "\(action)"
        }
    }
}

typealias Model = PlayerEvaluator.Model

/// The player controls at every level: the pure evaluator, S, P, B, B+S, B+P and BSP.
@Suite("Player controls")
struct PlayerControlsTests {
    let spec = BehaviourSpec<Model, PlayerEvaluator.Event, PlayerEffect> { model, event in
        let evaluation = PlayerEvaluator.evaluate(model, event)
        return (
            evaluation.model, evaluation.updates.map(PlayerEffect.update) + evaluation.actions.map(PlayerEffect.action)
        )
    }

    // The evaluator, exhaustively.

    @Test(arguments: [
        Model(), Model(controlsVisible: true, isPlaying: true), Model(controlsVisible: false, isPlaying: true),
    ])
    func tappingTheBackgroundShowsTheControlsAndReschedulesTheHideTimer(from model: Model) {
        spec.given(model)
            .when(.backgroundTapped)
            .then(
                model: Model(controlsVisible: true, isPlaying: model.isPlaying),
                effects: [
                    .update(.showToolbar), .update(.showBottomGradient), .update(.showStatusBar),
                    .action(.rescheduleHideTimer(seconds: 4)),
                ])
    }

    @Test func theHideTimerHidesTheControlsWhilePlaying() {
        spec.given(Model(controlsVisible: true, isPlaying: true))
            .when(.hideTimerFired)
            .then(
                model: Model(controlsVisible: false, isPlaying: true),
                effects: [.update(.hideToolbar), .update(.hideBottomGradient), .update(.hideStatusBar)])
    }

    @Test(arguments: [
        Model(controlsVisible: true, isPlaying: false), Model(controlsVisible: false, isPlaying: true), Model(),
    ])
    func theHideTimerDoesNothingWhenPausedOrAlreadyHidden(model: Model) {
        spec.given(model).when(.hideTimerFired).then(model: model, effects: [])
    }

    @Test func playAndPauseToggleAndOnlyPlayingSchedulesTheHide() {
        spec.given(Model())
            .when(.playPauseTapped, .playPauseTapped)
            .then { model, effects in
                #expect(model == Model(controlsVisible: true, isPlaying: false))
                #expect(
                    effects.filter { if case .action = $0 { true } else { false } } == [
                        .action(.play), .action(.rescheduleHideTimer(seconds: 4)), .action(.pause),
                        .action(.cancelHideTimer),
                    ])
            }
    }

    // S

    @Test func theTimerFiresOnceAtItsDeadlineAndNotWhenCancelled() throws {
        let s = TestFabric { TimerService() }

        s.exercise(s.requests, .schedule(seconds: 4))
        s.system.advance(by: 3)
        s.expect(none: ["fired"])
        s.system.advance(by: 5)
        s.exercise(s.requests, .schedule(seconds: 1))
        s.exercise(s.requests, .cancel)
        s.system.advance(by: 2)

        s.expect(count: 1, of: "<event>: fired")
    }

    // P

    @Test func theScreenAppliesUpdates() throws {
        let p = TestFabric { PlayerPresentation() }

        for update: PlayerEvaluator.UIUpdate in [.showToolbar, .showStatusBar, .showPauseButton] {
            p.exercise(p.requests, update)
        }

        #expect(p.system.screen == "[video + toolbar ⏸ + status bar]")
    }

    // B

    @Test func theBehaviourForwardsTheEvaluatorsUpdatesAndActions() {
        let b = TestFabric {
            let screen = MockActor<PlayerEvaluator.UIUpdate, Void, PlayerPresentation.Event>("/actor/presentation")
            let timer = MockActor<TimerService.Request, Void, TimerService.Event>("/actor/service/timer")
            let playback = MockActor<PlaybackService.Request, Void, Never>("/actor/service/playback")
            let behaviour = PlayerBehaviour(
                presentation: screen.ports, timer: timer.ports,
                playback: playback.requests.port)
            return (screen: screen, timer: timer, playback: playback, behaviour: behaviour)
        }

        b.exercise(b.screen.events, .backgroundTapped)

        b.expect(exactly: [
            "/actor/presentation/notifier/request <request>: showToolbar ← #1",
            "/actor/presentation/notifier/request <request>: showBottomGradient ← #1",
            "/actor/presentation/notifier/request <request>: showStatusBar ← #1",
            "/actor/service/timer/notifier/request <request>: cancel ← #1",
            "/actor/service/timer/notifier/request <request>: schedule(seconds: 4) ← #1",
        ])
    }

    // B+S

    @Test func withTheRealTimerTheControlsHideFourSecondsAfterTheLastTap() throws {
        let bs = TestFabric {
            let screen = MockActor<PlayerEvaluator.UIUpdate, Void, PlayerPresentation.Event>("/actor/presentation")
            let timer = TimerService()
            let playback = PlaybackService()
            return (
                screen, timer, playback,
                PlayerBehaviour(
                    presentation: screen.ports, timer: timer.ports,
                    playback: playback.requests.port)
            )
        }
        bs.exercise(bs.system.0.events, .playPauseTapped)
        bs.system.1.advance(by: 3)
        bs.exercise(bs.system.0.events, .backgroundTapped)
        bs.system.1.advance(by: 3)
        bs.expect(none: ["hideToolbar"])

        bs.system.1.advance(by: 1)

        #expect(bs.system.2.isPlaying)
        bs.expect(inOrder: ["/actor/service/timer/notifier/event <event>: fired", "hideToolbar"])
    }

    // B+P

    @Test func withTheRealScreenPausingKeepsTheControlsUp() throws {
        let bp = TestFabric {
            let screen = PlayerPresentation()
            let timer = MockActor<TimerService.Request, Void, TimerService.Event>("/actor/service/timer")
            let playback = MockActor<PlaybackService.Request, Void, Never>("/actor/service/playback")
            return (
                screen, timer, playback,
                PlayerBehaviour(
                    presentation: screen.ports, timer: timer.ports,
                    playback: playback.requests.port)
            )
        }

        bp.exercise(bp.system.0.events, .playPauseTapped)
        bp.exercise(bp.system.0.events, .playPauseTapped)
        bp.exercise(bp.system.1.events, .fired)

        #expect(bp.system.0.screen == "[video + toolbar ▶ + gradient + status bar]")
        #expect(bp.system.2.received == [.play, .pause])
    }

    // BSP

    @Test func theWholePlayerFollowsItsTimeline() throws {
        let app = try TestFabric { try PlayerApp() }

        app.presentation.events.emit(.playPauseTapped)
        app.timer.advance(by: 4)
        #expect(app.presentation.screen == "[video only]")
        app.presentation.events.emit(.backgroundTapped)
        app.timer.advance(by: 3)
        app.presentation.events.emit(.backgroundTapped)
        app.timer.advance(by: 3)
        #expect(app.presentation.screen == "[video + toolbar ⏸ + gradient + status bar]")
        app.timer.advance(by: 1)

        #expect(app.presentation.screen == "[video only]")
        app.expect(count: 2, of: "/actor/service/timer/notifier/event <event>: fired")
    }

    @Test func theExecutablePrintsTheTimeline() throws {
        let output = try run(product: "player-controls")

        #expect(output.contains("t=7s  tap the background again: [video + toolbar ⏸ + gradient + status bar]"))
        #expect(output.contains("t=10s  wait 3 s: [video + toolbar ⏸ + gradient + status bar]"))
        #expect(output.contains("t=11s  wait 1 s: [video only]"))
        #expect(output.contains("t=21s  wait 10 s: [video + toolbar ▶ + gradient + status bar]"))
    }
}
