import BSPCore

/// The Presentation actor: the video surface and its controls.
final class PlayerPresentation: UniqueActor {
    enum Event: Equatable, Sendable {
        case backgroundTapped
        case playPauseTapped
    }
    typealias Ports = ActorPorts<PlayerEvaluator.UIUpdate, Void, Event>

    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<PlayerEvaluator.UIUpdate, Void>(of: PlayerPresentation.uri)
    let events = EventNotifier<Event>(of: PlayerPresentation.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    private(set) var toolbar = false
    private(set) var bottomGradient = false
    private(set) var statusBar = false
    private(set) var playButton = "▶"

    init() {
        requests.handle(by: self) { presentation, update in presentation.apply(update) }
    }

    /// What is on screen.
    var screen: String {
        let shown = [(toolbar, "toolbar \(playButton)"), (bottomGradient, "gradient"), (statusBar, "status bar")]
            .filter(\.0).map(\.1)
        return shown.isEmpty ? "[video only]" : "[video + \(shown.joined(separator: " + "))]"
    }

    private func apply(_ update: PlayerEvaluator.UIUpdate) {
        switch update {
        case .showToolbar: toolbar = true
        case .hideToolbar: toolbar = false
        case .showBottomGradient: bottomGradient = true
        case .hideBottomGradient: bottomGradient = false
        case .showStatusBar: statusBar = true
        case .hideStatusBar: statusBar = false
        case .showPlayButton: playButton = "▶"
        case .showPauseButton: playButton = "⏸"
        }
    }
}
