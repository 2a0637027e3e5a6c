/// The creature's state: how much food it has, and what it shows.
struct Creature: Equatable, CustomStringConvertible {
    /// Creatures start with 5 food.
    var food = 5

    enum Mood: String, Equatable {
        case content = "CONTENT"
        case hungry = "HUNGRY"
        case dead = "DEAD"
    }

    /// Dead at zero food, hungry below ten.
    var mood: Mood {
        food == 0 ? .dead : food < 10 ? .hungry : .content
    }

    /// One tick: a unit of food is eaten.
    mutating func tick() {
        food = max(0, food - 1)
    }

    /// Feeding adds ten units, unless the creature is dead. Returns whether it ate.
    mutating func feed() -> Bool {
        guard mood != .dead else { return false }
        food += 10
        return true
    }

    var description: String { "food \(food), \(mood.rawValue)" }
}
