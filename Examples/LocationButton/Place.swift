/// A resolved location.
struct Place: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var latitude: Double
    var longitude: Double

    var description: String { "\(name) (\(latitude), \(longitude))" }
}
