@_spi(Inspection) import BSPCore
import Foundation
import TestSupport
import Testing

/// The package's encoder against `JSONEncoder` with its output parsed back: the same tree for
/// every kind of value, so that a trail reads the same whichever wrote it.
@Suite("Encoding a value straight into its tree")
struct RecordedValueEncoderTests {
    /// The tree `JSONEncoder` gives, parsed as the trail parses it; `nil` where it refuses.
    private static func viaJSON(_ value: some Encodable) -> RecordedValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return RecordedValue(json: data)
    }

    private static func direct(_ value: some Encodable) -> RecordedValue? {
        try? RecordedValue(encoding: value)
    }

    /// What a record keeps: the value written as JSON bytes as it is encoded, parsed when read.
    private static func kept(_ value: some Encodable) -> RecordedValue? {
        (try? RecordedValue.kept(encoding: value)) ?? nil
    }

    private static func expectSame(
        _ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Compared as the trail writes them: `==` takes 1 and 1.0 for the same number.
        #expect(direct(value)?.json == viaJSON(value)?.json, "\(value)", sourceLocation: sourceLocation)
        #expect(direct(value) == viaJSON(value), "\(value)", sourceLocation: sourceLocation)
        #expect(kept(value)?.json == viaJSON(value)?.json, "kept: \(value)", sourceLocation: sourceLocation)
        #expect(kept(value) == viaJSON(value), "kept: \(value)", sourceLocation: sourceLocation)
    }

    enum Place: Codable, Equatable {
        case opera(name: String, seats: Int)
        case harbour
        case coordinates(Double, Double)
    }

    struct Account: Codable, Equatable {
        var id: String
        var balance: Decimal
        var opened: Date
        var statement: URL?
        var photo: Data?
        var tags: [String: Int]
        var byYear: [Int: [Float]]
        var nickname: String?
        var secret: Private<String>
    }

    class Base: Encodable {
        var base = 1
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BaseKeys.self)
            try container.encode(base, forKey: .base)
        }
        private enum BaseKeys: String, CodingKey { case base }
    }

    final class Derived: Base {
        var derived = "two"
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(derived, forKey: .derived)
            try super.encode(to: container.superEncoder())
        }
        private enum CodingKeys: String, CodingKey { case derived }
    }

    /// Writes the same key twice, and a nested container, as hand-written encoders may.
    struct Odd: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(1, forKey: AnyKey("x"))
            try container.encode("again", forKey: AnyKey("x"))
            var nested = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try nested.encode(true)
            try nested.encodeNil()
            var deeper = nested.nestedContainer(keyedBy: AnyKey.self)
            try deeper.encode(UInt64.max, forKey: AnyKey("big"))
            _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("empty"))
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Writes into containers after containers nested beside them were opened, and back again:
    /// bytes cannot be written in this order, so a record builds its tree instead.
    struct OutOfOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: AnyKey.self)
            var first = outer.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("first"))
            var second = outer.nestedUnkeyedContainer(forKey: AnyKey("second"))
            try second.encode(2)
            try first.encode(1, forKey: AnyKey("late"))
            try outer.encode("end", forKey: AnyKey("end"))
            try second.encode(3)
        }
    }

    /// Asks its encoder for a container twice, and writes into both, in turn.
    struct AskedTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var one = encoder.container(keyedBy: AnyKey.self)
            try one.encode(1, forKey: AnyKey("one"))
            var two = encoder.container(keyedBy: AnyKey.self)
            try two.encode(2, forKey: AnyKey("two"))
            try one.encode(3, forKey: AnyKey("three"))
        }
    }

    struct Boom: Error {}

    /// Catches a refused non-finite number and writes a string instead, in an object and in an
    /// array: `JSONEncoder` keeps what came after.
    struct CaughtNonFinite: Encodable {
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: AnyKey.self)
            if (try? object.encode(Double.nan, forKey: AnyKey("x"))) == nil {
                try object.encode("NaN", forKey: AnyKey("x"))
            }
            var list = object.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode(1)
            try? list.encode(Double.infinity)
            try list.encode(2)
        }
    }

    /// Throws after writing part of itself.
    struct ThrowsMidway: Encodable {
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: AnyKey.self)
            try object.encode(1, forKey: AnyKey("a"))
            var list = object.nestedUnkeyedContainer(forKey: AnyKey("n"))
            try list.encode(2)
            throw Boom()
        }
    }

    /// Catches a nested value that threw: `JSONEncoder` leaves nothing of it.
    struct CaughtNested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: AnyKey.self)
            try? object.encode(ThrowsMidway(), forKey: AnyKey("bad"))
            try object.encode(2, forKey: AnyKey("ok"))
        }
    }

    /// Reads an array's count after writing beside it.
    struct CountAfterwards: Encodable {
        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: AnyKey.self)
            var list = object.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode(1)
            try list.encode(2)
            try object.encode(true, forKey: AnyKey("after"))
            try object.encode(list.count, forKey: AnyKey("count"))
        }
    }

    /// Keeps the encoder a nested value was given.
    final class Keeper: @unchecked Sendable {
        // @unchecked: one test uses it, on one thread.
        var encoder: (any Encoder)?
    }

    struct KeepsItsEncoder: Encodable {
        let keeper: Keeper
        func encode(to encoder: any Encoder) throws { keeper.encoder = encoder }
    }

    /// Writes through a nested value's encoder after that value was encoded: `JSONEncoder`
    /// ignores the late write.
    struct WritesLate: Encodable {
        func encode(to encoder: any Encoder) throws {
            let keeper = Keeper()
            var object = encoder.container(keyedBy: AnyKey.self)
            try object.encode(KeepsItsEncoder(keeper: keeper), forKey: AnyKey("kept"))
            try object.encode(1, forKey: AnyKey("a"))
            var late = keeper.encoder!.singleValueContainer()
            try late.encode("late")
            try object.encode(2, forKey: AnyKey("b"))
        }
    }

    /// Encodes nothing at all.
    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("enums with and without payloads, and structs of every standard kind of field")
    func valuesAppsSend() {
        Self.expectSame(Place.opera(name: "Sydney Opera House", seats: 5_738))
        Self.expectSame(Place.harbour)
        Self.expectSame(Place.coordinates(-33.8568, 151.2153))
        Self.expectSame(
            Account(
                id: "A-1", balance: Decimal(string: "1234.56")!, opened: Date(timeIntervalSinceReferenceDate: 1.5),
                statement: URL(string: "https://example.com/a b?q=1"), photo: Data([0, 1, 2, 254, 255]),
                tags: ["gold": 1, "new": 2], byYear: [2024: [1.5, 0.1, 3], -1: []], nickname: nil,
                secret: "hunter2"))
    }

    @Test("numbers at their edges read back as the JSON text spells them")
    func numbers() {
        for double in [0.0, -0.0, 1.0, 1.5, 0.1, 1e20, 1e-7, 123_456_789_012_345_680, .greatestFiniteMagnitude] {
            Self.expectSame([double])
        }
        for float: Float in [0.1, 1, 3.4e38, 1e-10] {
            Self.expectSame([float])
        }
        Self.expectSame([Int64.min, Int64.max])
        Self.expectSame([UInt64.max, UInt64(Int64.max), 0])
        Self.expectSame([Int8.min, Int8.max])
        Self.expectSame([Decimal(string: "-0.000001")!, Decimal(string: "1e30")!, Decimal(7)])
    }

    @Test("non-finite numbers are refused, as JSONEncoder refuses them")
    func nonFinite() {
        #expect(Self.direct([Double.infinity]) == nil)
        #expect(Self.direct(["x": Float.nan]) == nil)
        #expect(Self.viaJSON([Double.infinity]) == nil)
        #expect(Self.kept([Double.infinity]) == nil)
        #expect(Self.kept(["x": Float.nan]) == nil)
    }

    @Test("strings of every kind of scalar, keys included")
    func strings() {
        let hostile = "quote\" back\\ new\nline \u{0} \u{7F} é e\u{301} 👩‍👩‍👧 \u{FFFF} \u{10FFFF} </script>"
        Self.expectSame([hostile: hostile])
        var random = SeededRandom(seed: 41)
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 0...12, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random))
            }
            let text = String(String.UnicodeScalarView(scalars))
            Self.expectSame([text: [text]])
        }
    }

    @Test("super encoders, repeated keys, nested containers and empty ones")
    func handWrittenEncoders() {
        Self.expectSame(Derived())
        Self.expectSame(Odd())
        Self.expectSame([Silent()])
        Self.expectSame(["nested": Silent()])
        Self.expectSame(OutOfOrder())
        Self.expectSame([OutOfOrder(), OutOfOrder()])
        Self.expectSame(AskedTwice())
    }

    @Test("a failed write that the value caught leaves nothing behind, and what follows is kept")
    func caughtFailures() {
        Self.expectSame(CaughtNonFinite())
        Self.expectSame(CaughtNested())
        Self.expectSame([CaughtNested()])
    }

    @Test("an array counts its elements after writing beside it; a late write is ignored")
    func writesAfterTheirPlace() {
        Self.expectSame(CountAfterwards())
        Self.expectSame(WritesLate())
    }

    @Test("a value that encodes nothing at the top is refused, as JSONEncoder refuses it")
    func silentAtTheTop() {
        #expect(Self.direct(Silent()) == nil)
        #expect(Self.viaJSON(Silent()) == nil)
        #expect(Self.kept(Silent()) == nil)
    }

    @Test("optionals, sets, nested arrays and dictionaries with other keys")
    func collections() {
        Self.expectSame([1, nil, 3] as [Int?])
        Self.expectSame([[[1], []], [[2, 3]]])
        Self.expectSame(["a": ["b": ["c": true]]])
        Self.expectSame([Place.harbour: 1].mapValues { $0 }.keys.map { $0 })
        Self.expectSame([1.5: "a"] as [Double: String])
    }
}

extension RecordedValueEncoderTests.Place: Hashable {}
