/// A daily stand-up: who speaks, for how long each.
struct Standup: Equatable, Sendable, Codable {
    var title: String
    var attendees: [String]
    /// How many ticks of the meeting's timer each attendee speaks for.
    var ticksPerAttendee: Int

    /// How many ticks the whole meeting lasts.
    var length: Int { attendees.count * ticksPerAttendee }
}

/// A meeting held, as the history keeps it.
struct Meeting: Equatable, Sendable, Codable {
    var title: String
    /// How many ticks it lasted.
    var ticks: Int
    /// Whether it ran its full length, or was ended early.
    var ranItsLength: Bool
}
