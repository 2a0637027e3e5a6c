import BSPCore

/// The Behaviour actor: a thin core around the evaluator. It feeds each event and the model to
/// the evaluator, keeps the new model, sends the UI updates to the Presentation and the
/// actions to the Services.
final class PlayerBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    private(set) var model = PlayerEvaluator.Model()
    private let ui: RequestPort<PlayerEvaluator.UIUpdate, Void>
    private let timer: RequestPort<TimerService.Request, Void>
    private let playback: RequestPort<PlaybackService.Request, Void>

    init(
        presentation: PlayerPresentation.Ports,
        timer: TimerService.Ports,
        playback: RequestPort<PlaybackService.Request, Void>
    ) {
        self.ui = presentation.requests
        self.timer = timer.requests
        self.playback = playback
        presentation.events.observe(by: self) { behaviour, event in
            switch event {
            case .backgroundTapped: behaviour.handle(.backgroundTapped)
            case .playPauseTapped: behaviour.handle(.playPauseTapped)
            }
        }
        timer.events.observe(by: self) { behaviour, _ in behaviour.handle(.hideTimerFired) }
    }

    private func handle(_ event: PlayerEvaluator.Event) {
        let evaluation = PlayerEvaluator.evaluate(model, event)
        model = evaluation.model
        for update in evaluation.updates {
            ui.send(update)
        }
        for action in evaluation.actions {
            perform(action)
        }
    }

    private func perform(_ action: PlayerEvaluator.Action) {
        switch action {
        case .rescheduleHideTimer(let seconds):
            timer.send(.cancel)
            timer.send(.schedule(seconds: seconds))
        case .cancelHideTimer: timer.send(.cancel)
        case .play: playback.send(.play)
        case .pause: playback.send(.pause)
        }
    }
}
