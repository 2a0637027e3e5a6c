import BSPCore

/// Plays a timeline of taps and passing seconds, printing what is on screen after each step.
@main
enum PlayerControlsMain {
    static func main() throws {
        let app = try PlayerApp()
        let steps: [(String, (PlayerApp) -> Void)] = [
            ("tap play", { $0.presentation.events.emit(.playPauseTapped) }),
            ("wait 4 s", { $0.timer.advance(by: 4) }),
            ("tap the background", { $0.presentation.events.emit(.backgroundTapped) }),
            ("wait 3 s", { $0.timer.advance(by: 3) }),
            ("tap the background again", { $0.presentation.events.emit(.backgroundTapped) }),
            ("wait 3 s", { $0.timer.advance(by: 3) }),
            ("wait 1 s", { $0.timer.advance(by: 1) }),
            (
                "tap the background, then pause",
                {
                    $0.presentation.events.emit(.backgroundTapped)
                    $0.presentation.events.emit(.playPauseTapped)
                }
            ),
            ("wait 10 s", { $0.timer.advance(by: 10) }),
        ]
        print("t=0s  \(app.presentation.screen)")
        for (label, step) in steps {
            step(app)
            print("t=\(app.timer.now)s  \(label): \(app.presentation.screen)")
        }
    }
}
