/// The player controls' decisions, as a pure function over values ("The Value is the
/// Boundary"): an event and the current model in; the next model, the UI updates and the
/// actions out. Every decision of the Behaviour is here, and is tested exhaustively.
enum PlayerEvaluator {
    struct Model: Equatable {
        var controlsVisible = false
        var isPlaying = false
    }

    enum Event: Equatable {
        case backgroundTapped
        case playPauseTapped
        case hideTimerFired
    }

    enum UIUpdate: Equatable {
        case showToolbar, hideToolbar
        case showBottomGradient, hideBottomGradient
        case showStatusBar, hideStatusBar
        case showPlayButton, showPauseButton
    }

    enum Action: Equatable {
        case rescheduleHideTimer(seconds: Int)
        case cancelHideTimer
        case play
        case pause
    }

    struct Evaluation: Equatable {
        var model: Model
        var updates: [UIUpdate] = []
        var actions: [Action] = []
    }

    /// How long the controls stay up after the last touch.
    static let hideDelay = 4

    private static let showControls: [UIUpdate] = [.showToolbar, .showBottomGradient, .showStatusBar]

    static func evaluate(_ model: Model, _ event: Event) -> Evaluation {
        switch event {
        case .backgroundTapped:
            // "show the toolbar, bottom gradient, and status bar, and reschedule the toolbar
            // disappearance timer using a four-second delay"
            Evaluation(
                model: Model(controlsVisible: true, isPlaying: model.isPlaying),
                updates: showControls,
                actions: [.rescheduleHideTimer(seconds: hideDelay)])
        case .playPauseTapped where model.isPlaying:
            // Paused, the controls stay up until the user plays again.
            Evaluation(
                model: Model(controlsVisible: true, isPlaying: false),
                updates: showControls + [.showPlayButton], actions: [.pause, .cancelHideTimer])
        case .playPauseTapped:
            Evaluation(
                model: Model(controlsVisible: true, isPlaying: true),
                updates: showControls + [.showPauseButton], actions: [.play, .rescheduleHideTimer(seconds: hideDelay)])
        case .hideTimerFired where model.controlsVisible && model.isPlaying:
            Evaluation(
                model: Model(controlsVisible: false, isPlaying: true),
                updates: [.hideToolbar, .hideBottomGradient, .hideStatusBar])
        case .hideTimerFired:
            Evaluation(model: model)
        }
    }
}
