import BSPCore

/// The Behaviour actor: the creature eats a unit of food each tick and is fed on request.
@MainActor
final class TamagotchiBehaviour: BSPActor {
    let uri: ActorURI = "/actor/behaviour"
    private(set) var creature = Creature()
    private var observations: [ObservationToken] = []
    private let clock: RequestNotifier<ClockService.Request, Void>
    private let presentation: RequestNotifier<TamagotchiPresentation.Request, Void>

    init(
        clock: (requests: RequestNotifier<ClockService.Request, Void>, events: EventNotifier<ClockService.Event>),
        presentation: (
            requests: RequestNotifier<TamagotchiPresentation.Request, Void>,
            events: EventNotifier<TamagotchiPresentation.Event>
        )
    ) {
        self.clock = clock.requests
        self.presentation = presentation.requests
        clock.events.observe(by: self) { [unowned self] _ in tick() }.store(in: &observations)
        presentation.events.observe(by: self) { [unowned self] _ in feed() }.store(in: &observations)
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
