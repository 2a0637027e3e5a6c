import BSPCore

/// The whole player, in one fabric.
final class PlayerApp {
    let fabric = Fabric()
    let presentation: PlayerPresentation
    let timer: TimerService
    let playback: PlaybackService
    let behaviour: PlayerBehaviour

    init() throws {
        presentation = try PlayerPresentation()
        timer = try TimerService()
        playback = try PlaybackService()
        behaviour = PlayerBehaviour(
            presentation: (presentation.requests, presentation.events),
            timer: (timer.requests, timer.events),
            playback: playback.requests)
        for actor in [presentation, timer, playback, behaviour] as [any BSPActor] {
            try fabric.add(actor)
        }
    }
}
