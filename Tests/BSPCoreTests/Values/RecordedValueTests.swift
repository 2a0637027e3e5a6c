@_spi(Inspection) import BSPCore
import Foundation
import Testing

@Suite("Values in the trail")
struct RecordedValueTests {
    enum Command: Codable, Equatable, Sendable {
        case logIn(user: String, password: Private<String>)
        case move(by: Int, speed: Double)
    }

    struct Opaque: Sendable, CustomStringConvertible {
        var description: String { "opaque" }
    }

    @Test func aCodableNotificationIsRecordedWithItsValueAndAPrivateFieldOnlyAsRedacted() throws {
        let recording = Recording()
        let commands = EventNotifier<Command>(of: "/actor/presentation", audit: recording.context)

        commands.emit(.logIn(user: "ada", password: "lovelace"))

        let record = try #require(recording.store.records.first)
        #expect(
            record.value
                == .object(["logIn": .object(["user": .string("ada"), "password": .string("<private>")])]))
        let line = recording.store.trail.jsonLines()
        #expect(line.contains(#""value":{"logIn":{"password":"<private>","user":"ada"}}"#))
        #expect(!line.contains("lovelace"))
    }

    @Test func aNotificationThatIsNotCodableHasNoValue() {
        let recording = Recording()
        let events = EventNotifier<Opaque>(of: "/actor/service", audit: recording.context)

        events.emit(Opaque())

        #expect(recording.store.records.first?.value == nil)
        #expect(!recording.store.trail.jsonLines().contains("\"value\""))
    }

    @Test func aValueReadsBackFromJSONLinesAndDecodesAsTheTypeItWas() throws {
        let recording = Recording()
        let commands = EventNotifier<Command>(of: "/actor/presentation", audit: recording.context)
        commands.emit(.move(by: -3, speed: 1.5))

        let read = try AuditTrail(jsonLines: recording.store.trail.jsonLines())
        let value = try #require(read.records.first?.value)

        #expect(read == recording.store.trail)
        #expect(try value.decode(as: Command.self) == .move(by: -3, speed: 1.5))
    }

    @Test func aPrivateStringDecodesAsItsRedactionAndNeverAsTheSecret() throws {
        let value = RecordedValue.object(["logIn": .object(["user": .string("ada"), "password": .string("<private>")])])

        let command = try value.decode(as: Command.self)

        #expect(command == .logIn(user: "ada", password: Private("<private>")))
    }

    @Test func aValueThatDoesNotDecodeIsAnErrorNamingTheType() {
        let value = RecordedValue.object(["jump": .object([:])])

        #expect {
            try value.decode(as: Command.self)
        } throws: { error in
            "\(error)".contains("Command")
        }
    }

    @Test func theReplyToABiWayRequestIsRecordedAndWrittenAndReadBack() throws {
        let recording = Recording()
        let lengths = RequestNotifier<String, Int>(of: "/actor/service", audit: recording.context)
        let owner = NamedActor("/actor/service")
        lengths.handle(by: owner) { _, text in text.count }

        _ = try lengths.send("Bennelong")

        let record = try #require(recording.store.records.first)
        #expect(record.reply == .integer(9))
        let lines = recording.store.trail.jsonLines()
        #expect(lines.contains(#""reply":9"#))
        #expect(try AuditTrail(jsonLines: lines).records.first?.reply == .integer(9))
    }

    @Test func aFileTrailKeepsRepliesOnLinesOfTheirOwnAndReadsThemBackOntoTheirRequests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("values-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("trail.jsonl")
        let store = try FileAuditStore(url: url)
        let context = AuditContext(store: store)
        let lengths = RequestNotifier<String, Int>(of: "/actor/service", audit: context)
        let owner = NamedActor("/actor/service")
        lengths.handle(by: owner) { _, text in text.count }

        _ = try lengths.send("Sydney")
        _ = try lengths.send("Bennelong")
        store.flush()

        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.split(separator: "\n").contains(#"{"reply":6,"replyTo":1}"#))
        let read = try FileAuditStore.read(url).trail.records
        #expect(read.map(\.reply) == [.integer(6), .integer(9)])
        #expect(read.map(\.sequence) == [1, 2])
    }

    @Test func aVoidReplyIsNotRecorded() throws {
        let recording = Recording()
        let commands = RequestNotifier<String, Void>(of: "/actor/service", audit: recording.context)
        let owner = NamedActor("/actor/service")
        commands.handle(by: owner) { _, _ in }

        commands.send("go")

        #expect(recording.store.records.first?.reply == nil)
    }

    @Test func aNilReplyAndANilValueReadBackAsNullNotAsNothing() throws {
        let recording = Recording()
        let lookups = RequestNotifier<String, Int?>(of: "/actor/service", audit: recording.context)
        let events = EventNotifier<Int?>(of: "/actor/service", named: "maybe", audit: recording.context)
        let owner = NamedActor("/actor/service")
        lookups.handle(by: owner) { _, text in text == "x" ? 5 : nil }
        _ = try lookups.send("x")
        _ = try lookups.send("y")
        events.emit(nil)

        let read = try AuditTrail(jsonLines: recording.store.trail.jsonLines())

        #expect(read.records.map(\.reply) == [.integer(5), .null, nil])
        #expect(read == recording.store.trail)
        #expect(try read.records[2].decodeNotification(as: Int?.self) == nil)
    }

    /// A `Sendable` class whose state is guarded, as `@unchecked Sendable` promises.
    final class Tally: @unchecked Sendable, Codable {
        var count: Int
        init(_ count: Int) { self.count = count }
    }

    struct Holder: Codable, Sendable {
        let tally: Tally
    }

    @Test func aValueHoldingAnObjectIsRecordedAsItWasWhenSent() throws {
        let recording = Recording()
        let events = EventNotifier<Holder>(of: "/actor/service", audit: recording.context)
        let tally = Tally(1)

        events.emit(Holder(tally: tally))
        tally.count = 2

        #expect(recording.store.records.first?.value == .object(["tally": .object(["count": .integer(1)])]))
    }

    @Test func numbersBeyondInt64AndInfinityDecodeBack() throws {
        let recording = Recording()
        let big = EventNotifier<UInt64>(of: "/actor/service", named: "big", audit: recording.context)
        let far = EventNotifier<Double>(of: "/actor/service", named: "far", audit: recording.context)
        big.emit(.max)
        far.emit(.infinity)

        let read = try AuditTrail(jsonLines: recording.store.trail.jsonLines()).records

        #expect(try read[0].decodeNotification(as: UInt64.self) == .max)
        #expect(try read[1].decodeNotification(as: Double.self) == .infinity)
        #expect(try RecordedValue(encoding: UInt64.max - 1) == .unsigned(.max - 1))
    }

    struct Mixed: Codable, Equatable {
        var text: String
        var ratio: Double
        var whole: Double
        var flags: [Bool?]
    }

    @Test(arguments: [
        "plain", "quote \" and \\ slash /", "\u{0}\u{1F}\u{7F}", "é\u{301}", "😀 \u{10FFFF}", "\u{2028}\n\r\t",
    ])
    func aValueParsedFromTheEncodersJSONEqualsTheOneDecodedFromIt(text: String) throws {
        let mixed = Mixed(text: text, ratio: 0.1, whole: 2, flags: [true, nil, false])
        let data = try JSONEncoder().encode(mixed)

        let parsed = try RecordedValue(encoding: mixed)
        let decoded = try JSONDecoder().decode(RecordedValue.self, from: data)

        #expect(parsed == decoded)
        #expect(try parsed.decode(as: Mixed.self) == mixed)
        #expect(
            try AuditTrail(
                jsonLines: AuditTrail([
                    AuditRecord(
                        sequence: 1, notifier: try ActorURI("/actor/a").notifier("e"), variety: .event,
                        notification: "m", value: parsed)
                ]).jsonLines()
            ).records.first?.value == parsed)
    }

    @Test func numbersEqualByValueWhateverTheirForm() {
        #expect(RecordedValue.number(2) == .integer(2))
        #expect(RecordedValue.unsigned(5) == .integer(5))
        #expect(RecordedValue.number(2.5) != .integer(2))
        #expect(Set([RecordedValue.number(2), .integer(2), .unsigned(2)]).count == 1)
        #expect(RecordedValue.integer(1) != .bool(true))
    }

    /// Found by fuzzing: `1e316` parsed as infinity, which JSON cannot hold, and was written back
    /// as `null`.
    @Test func aNumberTooLargeForADoubleIsNoValue() {
        #expect(RecordedValue(json: Array("1e316".utf8)) == nil)
        #expect(RecordedValue(json: Array("[-1e400]".utf8)) == nil)
        #expect(RecordedValue(json: Array("1e308".utf8)) == .number(1e308))
    }
}
