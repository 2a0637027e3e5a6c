import Foundation

/// A small, fast, seedable generator (SplitMix64), so a failing random sequence can be replayed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that gives the same numbers for the same `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// The seeds a model-based test runs: `BSP_SEED=n` replays one, else `count` from a fixed base.
    public static func seeds(count: Int) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["BSP_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return (0..<UInt64(count)).map { 0x5EED_0000 + $0 }
    }
}
