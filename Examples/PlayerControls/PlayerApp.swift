import BSPCore

/// The whole player, in one fabric.
final class PlayerApp {
    let fabric = Fabric()
    let presentation: PlayerPresentation
    let timer: TimerService
    let playback: PlaybackService
    let behaviour: PlayerBehaviour

    init() throws(FabricError) {
        presentation = PlayerPresentation()
        timer = TimerService()
        playback = PlaybackService()
        behaviour = PlayerBehaviour(
            presentation: presentation.ports, timer: timer.ports, playback: playback.requests.port)
        for actor in [presentation, timer, playback, behaviour] as [any BSPActor] {
            try fabric.add(actor)
        }
    }
}
