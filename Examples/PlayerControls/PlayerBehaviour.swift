import BSPCore

/// The Behaviour actor: a thin core around the evaluator. It feeds each event and the model to
/// the evaluator, keeps the new model, sends the UI updates to the Presentation and the
/// actions to the Services.
final class PlayerBehaviour: BSPActor {
    let uri: ActorURI = "/actor/behaviour"
    private(set) var model = PlayerEvaluator.Model()
    private var observations: [ObservationToken] = []
    private let ui: RequestNotifier<PlayerEvaluator.UIUpdate, Void>
    private let timer: RequestNotifier<TimerService.Request, Void>
    private let playback: RequestNotifier<PlaybackService.Request, Void>

    init(
        presentation: (
            requests: RequestNotifier<PlayerEvaluator.UIUpdate, Void>, events: EventNotifier<PlayerPresentation.Event>
        ),
        timer: (requests: RequestNotifier<TimerService.Request, Void>, events: EventNotifier<TimerService.Event>),
        playback: RequestNotifier<PlaybackService.Request, Void>
    ) {
        self.ui = presentation.requests
        self.timer = timer.requests
        self.playback = playback
        presentation.events.observe(by: self) { [unowned self] event in
            switch event {
            case .backgroundTapped: handle(.backgroundTapped)
            case .playPauseTapped: handle(.playPauseTapped)
            }
        }.store(in: &observations)
        timer.events.observe(by: self) { [unowned self] _ in handle(.hideTimerFired) }.store(in: &observations)
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
