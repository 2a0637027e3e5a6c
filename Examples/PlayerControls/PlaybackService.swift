import BSPCore

/// A Service actor: the media player.
final class PlaybackService: BSPActor {
    enum Request: Equatable {
        case play
        case pause
    }

    let uri: ActorURI = "/actor/service/playback"
    let requests = RequestNotifier<Request, Void>(of: "/actor/service/playback")
    private(set) var isPlaying = false

    init() throws {
        try requests.handle(by: self) { playback, request in playback.isPlaying = request == .play }
    }
}
