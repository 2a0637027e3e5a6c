import BSPCore
import Foundation
import TestSupport
import Testing

/// Input from outside — trail files, URI text, huge notifications — never crashes: it is read
/// back, or refused with a typed error.
@Suite("Malformed input")
struct MalformedInputTests {
    static let trail: String = {
        let records = (1...20).map { index in
            AuditRecord(
                sequence: UInt64(index), notifier: try! ActorURI("/actor/a\(index % 3)").notifier("event"),
                variety: index.isMultiple(of: 2) ? .event : .request, source: "/actor/source", targets: ["/actor/t"],
                notification: "note \(index) \"quoted\" ✓", cause: index > 1 ? UInt64(index - 1) : nil, depth: index % 4
            )
        }
        return AuditTrail(records).jsonLines()
    }()

    @Test func everyTruncationOfATrailIsReadOrRefusedWithTheLineNumber() {
        let bytes = Array(Self.trail.utf8)
        for length in stride(from: 0, through: bytes.count, by: 7) {
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            do {
                let trail = try AuditTrail(jsonLines: text)
                #expect(trail.records.count <= 20)
            } catch {
                guard case .malformedLine(let line, _) = error else {
                    Issue.record("length \(length): unexpected \(error)")
                    continue
                }
                #expect(line == text.split(separator: "\n", omittingEmptySubsequences: false).count, "length \(length)")
            }
        }
    }

    @Test func randomBytesAndMutatedLinesAreRefusedNotCrashedOn() {
        for seed in SeededRandom.seeds(count: 2_000) {
            var random = SeededRandom(seed: seed)
            var bytes = Array(Self.trail.utf8)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            do {
                _ = try AuditTrail(jsonLines: String(decoding: bytes, as: UTF8.self))
            } catch {
                #expect(error.description.hasPrefix("Line "), "seed \(seed)")
            }
        }
    }

    @Test func randomURITextIsEitherValidOrATypedErrorNamingIt() {
        let alphabet = Array("/aZ09-_.é /\\:?#notifier")
        for seed in SeededRandom.seeds(count: 5_000) {
            var random = SeededRandom(seed: seed)
            let text = String(
                (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            do {
                let uri = try ActorURI(validating: text)
                #expect(uri.path == text)
                #expect(text.hasPrefix("/") && !text.contains("//") && !text.hasSuffix("/"))
            } catch {
                #expect(error.path == text, "seed \(seed)")
                #expect(error.description.contains("'\(text)'"))
            }
            #expect(throws: (any Error).self) { _ = try NotifierURI(validating: text + "/notifier/") }
        }
    }

    @Test func anOversizedNotificationIsRecordedAndReadBackWhole() throws {
        let store = InMemoryAuditStore(capacity: 4)
        let events = EventNotifier<String>(of: "/actor/big", audit: AuditContext(store: store))
        let huge = String(repeating: "x", count: 4 * 1_024 * 1_024) + "\n\"end\""

        events.emit(huge)
        let text = store.trail.jsonLines()

        #expect(text.split(separator: "\n").count == 1)
        #expect(try AuditTrail(jsonLines: text).records.first?.notification == huge)
    }
}

extension ActorURI {
    fileprivate init(_ text: String) { try! self.init(validating: text) }
}
