import BSPCore

/// Runs the creature on a real clock, ticking every 20 ms. A scripted player feeds it when its
/// food runs low, twice, then lets it starve and tries to feed it once more.
///
/// The player reacts to what the screen shows, as a person would, rather than checking on a
/// timer of its own: a check every few milliseconds misses a tick on a busy machine, and with
/// it the moment to feed.
@main
@MainActor
enum TamagotchiMain {
    static func main() async throws {
        let app = try TamagotchiApp()
        var feedings = 0
        var died = false
        await withCheckedContinuation { (death: CheckedContinuation<Void, Never>) in
            app.presentation.onChange = { label in
                print(label)
                if app.behaviour.creature.mood == .dead, !died {
                    died = true
                    death.resume()
                } else if app.behaviour.creature.food == 2, feedings < 2 {
                    feedings += 1
                    // After this show returns: the tap is the player's next move, not part of it.
                    Task { @MainActor in
                        print("(the player taps FEED)")
                        app.presentation.feedTapped()
                    }
                }
            }
            app.behaviour.start(tickEvery: .milliseconds(20))
        }
        print("(the player taps FEED)")
        app.presentation.feedTapped()
        // The handler holds the app: let go of it, so that the app ends with `main`.
        app.presentation.onChange = { _ in }
    }
}
