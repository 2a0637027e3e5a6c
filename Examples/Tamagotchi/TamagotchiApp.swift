import BSPCore

/// The whole app, in one fabric.
@MainActor
final class TamagotchiApp {
    let fabric = Fabric()
    let clock: ClockService
    let presentation: TamagotchiPresentation
    let behaviour: TamagotchiBehaviour

    init(ticker: any Ticker) throws(FabricError) {
        clock = ClockService(ticker: ticker)
        presentation = TamagotchiPresentation()
        behaviour = TamagotchiBehaviour(clock: clock.ports, presentation: presentation.ports)
        try fabric.add(clock)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }
}
