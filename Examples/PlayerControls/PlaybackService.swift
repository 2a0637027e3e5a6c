import BSPCore

/// A Service actor: the media player.
final class PlaybackService: UniqueActor {
    enum Request: Equatable, Sendable {
        case play
        case pause
    }

    static let uri: ActorURI = "/actor/service/playback"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Request, Void>(of: PlaybackService.uri)
    private(set) var isPlaying = false

    init() {
        requests.handle(by: self) { playback, request in playback.isPlaying = request == .play }
    }
}
