// The code of the README's quick start and of the "Getting Started" article, compiled and run
// as tests: CI checks that every `swift` block of those documents appears in this folder.

struct Place: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var description: String { name }
}

enum ServiceRequest: Equatable, Sendable { case resolveLocation }
enum ServiceEvent: Equatable, Sendable { case locationResolved(Place) }

enum PresentationRequest: Equatable, Sendable { case present(Place) }
enum PresentationEvent: Equatable, Sendable { case showLocationRequested }  // the intent, not "button tapped"
