/// The texts of the plain values a notifier has sent, by the values' bytes: the cases of a
/// payload-free enum, an enum or a struct of a few numbers.
///
/// A plain value holds no reference, and no type in it has a description or a mirror of its
/// own (see ``RenderingRule/isPlain(_:)``): its text is the standard library's printing of its
/// bytes, the same on any thread and at any time. A value of a trivially copyable type is its
/// bytes, so a value sent again with the same bytes has the same text, and it is given again
/// rather than printed again by reflection: about a microsecond for an enum case. A value that
/// is not plain — a case whose payload has a description of its own, which may read a setting
/// — is remembered as such, and rendered each time it is sent.
///
/// A notifier remembers at most ``capacity`` values; past that, a value it has not seen is
/// rendered when sent, without being asked whether it is plain, and once ``capacity`` values in
/// a row were not among those remembered — a count, a coordinate — the notifier stops looking
/// until it is made again. Used from the notifier's isolation domain only, as the notifier is.
final class PlainValueTexts {
    /// The bytes of a value of at most 16 bytes, zero beyond its size.
    struct Key: Equatable {
        let low: UInt64
        let high: UInt64

        /// The bytes of `value`, if its type is trivially copyable and at most 16 bytes long.
        init?<Value>(_ value: Value) {
            guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            // Unsafe, but for its bytes only: the trivially copyable value is copied as raw
            // bytes into two words that hold them. Without it a payload-free enum case is
            // printed by reflection on every send: `audit_plain_payload_vs_record_limit` read
            // 16.2–16.7 before, 5.2–5.8 with it.
            withUnsafeBytes(of: value) { bytes in
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
            }
            (low, high) = words
        }
    }

    /// How many values a notifier remembers.
    static let capacity = 32

    private var keys: [Key] = []
    /// Each key's text, or `nil` for a value that is not plain.
    private var texts: [String?] = []
    /// How many values in a row were not remembered, once no more could be.
    private var missesWhileFull = 0

    init() {
        keys.reserveCapacity(Self.capacity)
        texts.reserveCapacity(Self.capacity)
    }

    /// Whether a value not yet seen will be remembered.
    var hasRoom: Bool { keys.count < Self.capacity }

    /// Whether values are worth looking up: they repeat, or there is room for more.
    var isWorthAsking: Bool { missesWhileFull < Self.capacity }

    /// What was remembered of the value with `key`: its text, `.some(nil)` if it is not plain,
    /// `nil` if it was never seen.
    func text(for key: Key) -> String?? {
        for index in keys.indices where keys[index] == key {
            missesWhileFull = 0
            return .some(texts[index])
        }
        if !hasRoom { missesWhileFull += 1 }
        return nil
    }

    /// Remembers the text of the value with `key`, or that it is not plain, while there is room.
    func remember(_ text: String?, for key: Key) {
        guard hasRoom else { return }
        keys.append(key)
        texts.append(text)
    }
}
