import BSPCore
import Testing

/// A record is a plain value: a test changes any field of a copy, and no store changes.
@Suite("Records are values a test may change")
struct RecordEditingTests {
    enum Command: Codable, Equatable, Sendable { case move(by: Int) }

    @Test func aCopysValueAndTextChangeApartAndTheStoreKeepsWhatWasSent() throws {
        let recording = Recording()
        let commands = EventNotifier<Command>(of: "/actor/presentation", audit: recording.context)
        commands.emit(.move(by: 1))
        var record = try #require(recording.store.records.first)

        record.value = .object(["move": .object(["by": .number(2)])])
        #expect(record.notification == "move(by: 1)", "the text reads as it did")
        record.notification = "move(by: 2)"
        #expect(record.value == .object(["move": .object(["by": .number(2)])]), "the value stays")
        record.time = .seconds(3)
        record.cause = 7

        let kept = try #require(recording.store.records.first)
        #expect(kept.notification == "move(by: 1)")
        #expect(kept.value == .object(["move": .object(["by": .number(1)])]))
        #expect(kept.time == nil && kept.cause == nil)
        #expect(record.description.contains("move(by: 2)"))
    }

    @Test func removingAValueKeepsTheText() throws {
        let recording = Recording()
        let commands = EventNotifier<Command>(of: "/actor/presentation", audit: recording.context)
        commands.emit(.move(by: 1))
        var record = try #require(recording.store.records.first)

        record.value = nil

        #expect(record.value == nil)
        #expect(record.notification == "move(by: 1)")
    }
}
