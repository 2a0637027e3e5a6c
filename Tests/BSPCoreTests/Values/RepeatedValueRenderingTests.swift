@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// A notifier remembers the text of a plain value it has rendered — a value with no reference
/// in it, in which no type has a description or a mirror of its own — and gives it again when
/// the same value is sent again; anything else is rendered as it is sent, every time.
@Suite("Values sent again")
struct RepeatedValueRenderingTests {
    /// A temperature described in the unit a setting names when it is described.
    struct Temperature: Sendable, CustomStringConvertible {
        static let inFahrenheit = Locked(false)
        let celsius: Int
        var description: String {
            Self.inFahrenheit.withLock { $0 } ? "\(celsius * 9 / 5 + 32)°F" : "\(celsius)°C"
        }
    }

    /// A thermostat's events: plain cases beside one that holds a described value.
    enum Thermostat: Sendable {
        case idle
        case target(Int)
        case reading(Temperature)
    }

    @Test("a described value inside an enum reads as it was sent, however often its plain cases repeat")
    func aDescribedCaseIsRenderedEachTimeItIsSent() {
        let recording = Recording()
        let thermostat = EventNotifier<Thermostat>(of: "/actor/thermostat", audit: recording.context)
        defer { Temperature.inFahrenheit.withLock { $0 = false } }

        for _ in 0..<3 {
            thermostat.emit(.idle)
            thermostat.emit(.target(20))
            thermostat.emit(.reading(Temperature(celsius: 30)))
        }
        Temperature.inFahrenheit.withLock { $0 = true }
        thermostat.emit(.idle)
        thermostat.emit(.reading(Temperature(celsius: 30)))

        let texts = recording.store.records.map(\.notification)
        #expect(Array(texts.prefix(3)) == ["idle", "target(20)", "reading(30°C)"])
        #expect(texts.prefix(9) == texts.prefix(3) + texts.prefix(3) + texts.prefix(3))
        #expect(Array(texts.suffix(2)) == ["idle", "reading(86°F)"])
    }

    /// A direction with a description of its own that reads a setting.
    enum Heading: Sendable, CustomStringConvertible {
        case north, south
        static let localized = Locked(false)
        var description: String {
            switch (self, Self.localized.withLock { $0 }) {
            case (.north, false): "north"
            case (.south, false): "south"
            case (.north, true): "nord"
            case (.south, true): "sud"
            }
        }
    }

    @Test("a value with a description of its own is described each time it is sent")
    func aDescribedValueIsNotRemembered() {
        let recording = Recording()
        let headings = EventNotifier<Heading>(of: "/actor/compass", audit: recording.context)
        defer { Heading.localized.withLock { $0 = false } }

        headings.emit(.north)
        headings.emit(.south)
        Heading.localized.withLock { $0 = true }
        headings.emit(.north)
        headings.emit(.south)

        #expect(recording.store.records.map(\.notification) == ["north", "south", "nord", "sud"])
    }

    /// A payload-free enum and a small struct of numbers, the commonest plain values.
    enum Intent: Sendable, Codable, Equatable { case showLocation, dismiss }
    struct Size: Sendable, Equatable { let width: Int32, height: Int32 }

    @Test("plain values sent many times read as String(describing:) writes them, with their values kept")
    func plainValuesSentAgainReadAsSent() throws {
        let recording = Recording()
        let intents = EventNotifier<Intent>(of: "/actor/presentation", audit: recording.context)
        let sizes = EventNotifier<Size>(of: "/actor/presentation", named: "size", audit: recording.context)
        var sent: [String] = []

        for index in 0..<100 {
            let intent: Intent = index.isMultiple(of: 3) ? .dismiss : .showLocation
            intents.emit(intent)
            sent.append(String(describing: intent))
            let size = Size(width: Int32(index % 7), height: -1)
            sizes.emit(size)
            sent.append(String(describing: size))
        }

        let records = recording.store.records
        #expect(records.map(\.notification) == sent)
        #expect(records[0].value != nil)
        #expect(try records[0].decodeNotification(as: Intent.self) == .dismiss)
        #expect(try records[2].decodeNotification(as: Intent.self) == .showLocation)
    }

    @Test("more distinct values than a notifier remembers still read as they were sent")
    func manyDistinctValuesReadAsSent() {
        let recording = Recording()
        let targets = EventNotifier<Thermostat>(of: "/actor/thermostat", audit: recording.context)

        for degrees in 0..<500 { targets.emit(.target(degrees % 250)) }

        #expect(recording.store.records.map(\.notification) == (0..<500).map { "target(\($0 % 250))" })
    }

    /// A value that writes itself to a stream, and also has a description: `String(describing:)`
    /// uses the first.
    struct Streamed: Sendable, TextOutputStreamable, CustomStringConvertible {
        let word: String
        func write<Target: TextOutputStream>(to target: inout Target) { target.write("streamed \(word)") }
        var description: String { "described \(word)" }
    }

    @Test("a value that streams itself reads as it streams, as String(describing:) writes it")
    func aStreamableValueReadsAsItStreams() {
        let recording = Recording()
        let notifier = EventNotifier<Streamed>(of: "/actor/a", audit: recording.context)

        notifier.emit(Streamed(word: "hello"))

        #expect(recording.store.records.map(\.notification) == ["streamed hello"])
    }

    /// A class with a description, and a subclass that streams itself.
    class Base: CustomStringConvertible, @unchecked Sendable {
        var description: String { "base" }
    }
    final class Derived: Base, TextOutputStreamable, @unchecked Sendable {
        func write<Target: TextOutputStream>(to target: inout Target) { target.write("derived, streamed") }
    }

    @Test("an object reads as String(describing:) writes its own class, not the notifier's")
    func aSubclassReadsAsItsOwnClassWrites() {
        let recording = Recording()
        let notifier = EventNotifier<Base>(of: "/actor/a", audit: recording.context)

        notifier.emit(Base())
        notifier.emit(Derived())

        #expect(recording.store.records.map(\.notification) == ["base", "derived, streamed"])
    }
}
