/// The secret in the inspector's address: every request without it is refused, so that no
/// other page or program on the machine reads the trail.
public struct AccessToken: Hashable, Sendable, CustomStringConvertible {
    /// The token as it appears in the address: 32 hexadecimal digits.
    public let description: String

    /// A new token of 128 random bits, from the system's generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        description = (0..<2).map { _ in
            let bits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - bits.count) + bits
        }.joined()
    }

    /// A token given, for tests.
    init(_ text: String) {
        description = text
    }

    /// Whether `candidate` is this token, in a time that depends only on their lengths: a
    /// caller that times the answer learns nothing of which digit was wrong.
    func isMatched(by candidate: Substring) -> Bool {
        let expected = Array(description.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
