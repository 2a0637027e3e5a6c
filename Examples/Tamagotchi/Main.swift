import BSPCore

/// Runs the creature on a real clock, ticking every 20 ms. A scripted player feeds it when its
/// food runs low, twice, then lets it starve and tries to feed it once more.
@main
@MainActor
enum TamagotchiMain {
    static func main() async throws {
        let app = try TamagotchiApp()
        var feedings = 0
        app.presentation.onChange = { label in print(label) }

        app.behaviour.start(tickEvery: .milliseconds(20))
        while app.behaviour.creature.mood != .dead {
            try await Task.sleep(for: .milliseconds(5))
            if app.behaviour.creature.food == 2, feedings < 2 {
                feedings += 1
                print("(the player taps FEED)")
                app.presentation.feedTapped()
            }
        }
        print("(the player taps FEED)")
        app.presentation.feedTapped()
    }
}
