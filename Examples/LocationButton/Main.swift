import BSPCore

/// Runs the "show location" interaction once and prints what the user sees and the audit trail.
@main
enum LocationButtonExample {
    static func main() throws {
        let store = InMemoryAuditStore()
        let app = try AuditContext(store: store).withCurrent {
            try LocationApp { Place(name: "Sydney Opera House", latitude: -33.8568, longitude: 151.2153) }
        }

        print("Screen: \(app.presentation.label)")
        print("User taps “Show location”.")
        app.presentation.showLocationButtonTapped()
        print("Screen: \(app.presentation.label)")

        print("\nAudit transcript:")
        for record in store.records {
            print(record)
        }
    }
}
