import BSPCore

/// Runs one stand-up on a real clock, a tick every 20 ms: three attendees, the second cutting
/// their turn short with "next" as soon as it begins, the meeting run to its end and saved.
@main
@MainActor
enum StandupMain {
    static func main() async throws {
        let app = try StandupApp(tick: .milliseconds(20))
        var tapped = false
        app.screen.onChange = { label in
            print(label)
            guard label.hasPrefix("Grace"), !tapped else { return }
            tapped = true
            // Tapped after the screen has drawn, as a user would, not inside its drawing.
            Task { @MainActor in
                print("(Grace taps NEXT)")
                app.screen.nextTapped()
            }
        }
        let standup = Standup(title: "Daily", attendees: ["Ada", "Grace", "Edsger"], ticksPerAttendee: 3)

        try app.startMeeting(standup)
        while app.history.meetings.isEmpty {
            try await Task.sleep(for: .milliseconds(5))
        }
        print("Saved: \(app.history.meetings[0].title), \(app.history.meetings[0].ticks) ticks")
        // The screen's handler captured the app: let it go, so that the app goes with main.
        app.screen.onChange = nil
    }
}
