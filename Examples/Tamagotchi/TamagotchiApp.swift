import BSPCore

/// The whole app, in one fabric.
@MainActor
final class TamagotchiApp {
    let fabric = Fabric()
    let clock: ClockService
    let presentation: TamagotchiPresentation
    let behaviour: TamagotchiBehaviour

    init(ticker: any Ticker) throws {
        clock = try ClockService(ticker: ticker)
        presentation = try TamagotchiPresentation()
        behaviour = TamagotchiBehaviour(
            clock: (clock.requests, clock.events), presentation: (presentation.requests, presentation.events))
        try fabric.add(clock)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }
}
