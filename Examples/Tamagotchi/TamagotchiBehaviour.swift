import BSPCore

/// The Behaviour actor: the creature eats a unit of food each tick and is fed on request.
@MainActor
final class TamagotchiBehaviour: UniqueActor {
    nonisolated static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    private(set) var creature = Creature()
    private let clock: RequestPort<ClockService.Request, Void>
    private let presentation: RequestPort<TamagotchiPresentation.Request, Void>

    init(clock: ClockService.Ports, presentation: TamagotchiPresentation.Ports) {
        self.clock = clock.requests
        self.presentation = presentation.requests
        clock.events.observe(by: self) { behaviour, _ in behaviour.tick() }
        presentation.events.observe(by: self) { behaviour, _ in behaviour.feed() }
    }

    /// Shows the creature and starts the clock.
    func start(tickEvery interval: Duration) {
        presentation.send(.show(creature))
        clock.send(.start(every: interval))
    }

    private func tick() {
        guard creature.mood != .dead else { return }
        creature.tick()
        presentation.send(.show(creature))
        if creature.mood == .dead {
            clock.send(.stop)
        }
    }

    private func feed() {
        if creature.feed() {
            presentation.send(.show(creature))
        } else {
            presentation.send(.showRefusal("Cannot feed: the creature is dead."))
        }
    }
}
