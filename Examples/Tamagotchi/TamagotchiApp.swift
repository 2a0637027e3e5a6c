import BSPCore

/// The whole app, in one fabric.
@MainActor
final class TamagotchiApp {
    let fabric = Fabric()
    let clock: ClockService
    let presentation: TamagotchiPresentation
    let behaviour: TamagotchiBehaviour

    init(clock: any Clock<Duration> = ContinuousClock()) throws(FabricError) {
        self.clock = ClockService(clock: clock)
        presentation = TamagotchiPresentation()
        behaviour = TamagotchiBehaviour(clock: self.clock.ports, presentation: presentation.ports)
        try fabric.add(self.clock)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }
}
