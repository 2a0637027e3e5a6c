import BSPCore
import BSPTesting
import Testing

@testable import tamagotchi

typealias ClockStandIn = MockActor<ClockService.Request, Void, ClockService.Event>
typealias ScreenStandIn = MockActor<TamagotchiPresentation.Request, Void, TamagotchiPresentation.Event>

/// The Tamagotchi at every level: S, P, B, B+S, B+P and BSP.
@MainActor
@Suite("Tamagotchi")
struct TamagotchiTests {
    @Test func theCreatureStartsHungryWithFiveFoodAndFeedingAddsTenUnlessDead() {
        var creature = Creature()
        #expect(creature.food == 5 && creature.mood == .hungry)
        #expect(creature.feed() && creature.food == 15 && creature.mood == .content)
        for _ in 0..<20 { creature.tick() }
        #expect(creature.food == 0 && creature.mood == .dead)
        #expect(!creature.feed() && creature.food == 0)
    }

    // S
    @Test func theClockTicksWhileRunning() async throws {
        let clock = ManualClock()
        let s = TestFabric { ClockService(clock: clock) }

        s.exercise(s.requests, .start(every: .seconds(1)))
        await clock.advance(by: .seconds(2))
        s.exercise(s.requests, .stop)
        await clock.advance(by: .seconds(5))

        s.expect(exactly: ["<event>: tick", "<event>: tick"])
        await s.finish()
    }

    // P
    @Test func theScreenShowsTheCreatureAndReportsTheFeedButton() throws {
        let p = TestFabric { TamagotchiPresentation() }

        p.exercise(p.requests, .show(Creature(food: 3)))
        p.system.feedTapped()

        #expect(p.label == "food 3, HUNGRY")
        p.expect(exactly: ["<event>: feedTapped"])
    }

    // B
    @Test func eachTickEatsAUnitAndTheClockStopsWhenTheCreatureDies() {
        let b = TestFabric {
            let clock = ClockStandIn("/actor/service/clock")
            let screen = ScreenStandIn("/actor/presentation")
            let behaviour = TamagotchiBehaviour(
                clock: clock.ports, presentation: screen.ports)
            return (clock: clock, screen: screen, behaviour: behaviour)
        }
        b.behaviour.start(tickEvery: .seconds(1))

        for _ in 0..<6 { b.exercise(b.clock.events, .tick) }

        #expect(b.clock.received == [.start(every: .seconds(1)), .stop])
        #expect(b.screen.received.last == .show(Creature(food: 0)))
        b.expect(inOrder: ["show(food 4, HUNGRY)", "show(food 1, HUNGRY)", "show(food 0, DEAD)"])
        b.expect(b.clock.requests, .stop)  // typed: exactly one stop, checked by the compiler
    }

    @Test func feedingADeadCreatureIsRefused() {
        let b = TestFabric {
            let clock = ClockStandIn("/actor/service/clock")
            let screen = ScreenStandIn("/actor/presentation")
            return (
                clock, screen,
                TamagotchiBehaviour(
                    clock: clock.ports, presentation: screen.ports)
            )
        }
        for _ in 0..<5 { b.system.0.emit(.tick) }

        b.exercise(b.system.1.events, .feedTapped)

        #expect(b.system.2.creature.food == 0)
        b.expect(contains: ["showRefusal(\"Cannot feed: the creature is dead.\")"])
    }

    // B+S
    @Test func theBehaviourWithTheRealClockStarvesWithoutFood() async throws {
        let clock = ManualClock()
        let bs = TestFabric {
            let service = ClockService(clock: clock)
            let screen = ScreenStandIn("/actor/presentation")
            return (
                service, screen,
                TamagotchiBehaviour(
                    clock: service.ports, presentation: screen.ports)
            )
        }
        bs.system.2.start(tickEvery: .milliseconds(10))

        await clock.advance(by: .milliseconds(100))

        #expect(bs.system.0.work.running.isEmpty, "the clock stopped when the creature died")
        #expect(bs.system.2.creature.mood == .dead)
        bs.expect(count: 5, of: "/actor/service/clock/notifier/event <event>: tick")
        await bs.finish()
    }

    // B+P
    @Test func theBehaviourWithTheRealScreenShowsTheFedCreature() throws {
        let bp = TestFabric {
            let clock = ClockStandIn("/actor/service/clock")
            let screen = TamagotchiPresentation()
            return (
                clock, screen,
                TamagotchiBehaviour(
                    clock: clock.ports, presentation: screen.ports)
            )
        }
        bp.system.2.start(tickEvery: .seconds(1))

        bp.system.1.feedTapped()
        bp.system.0.emit(.tick)

        #expect(bp.system.1.label == "food 14, CONTENT")
    }

    // BSP
    @Test func theWholeCreatureLivesWhileFedAndDiesWhenNot() async throws {
        let clock = ManualClock()
        let app = try TestFabric { try TamagotchiApp(clock: clock) }
        app.behaviour.start(tickEvery: .seconds(1))

        await clock.advance(by: .seconds(3))
        app.presentation.feedTapped()
        await clock.advance(by: .seconds(20))
        app.presentation.feedTapped()

        #expect(app.presentation.label == "Cannot feed: the creature is dead.")
        app.expect(inOrder: [
            "/actor/presentation/notifier/request <request>: show(food 2, HUNGRY)",
            "/actor/presentation/notifier/event <event>: feedTapped",
            "/actor/presentation/notifier/request <request>: show(food 12, CONTENT) ← #",
            "/actor/presentation/notifier/request <request>: show(food 9, HUNGRY)",
            "/actor/presentation/notifier/request <request>: show(food 0, DEAD)",
            "/actor/service/clock/notifier/request <request>: stop",
            "showRefusal(",
        ])
    }

    @Test func theExecutableRunsOnARealClockUntilTheCreatureDies() throws {
        let output = try run(product: "tamagotchi")

        #expect(output.hasPrefix("food 5, HUNGRY\nfood 4, HUNGRY"))
        #expect(output.contains("(the player taps FEED)\nfood 12, CONTENT"))
        #expect(output.hasSuffix("food 0, DEAD\n(the player taps FEED)\nCannot feed: the creature is dead.\n"))
    }
}
