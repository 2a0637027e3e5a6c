import BSPCore
import Foundation
import Testing

@testable import BSPInspector

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Everything `follower` has to say now, until it has nothing new.
func drain(_ follower: TrailFollower) -> [TrailChange] {
    var changes: [TrailChange] = []
    while let change = follower.next() { changes.append(change) }
    return changes
}

/// The sequence numbers of the records among `changes`' lines, and the requests replied to.
func sequences(in changes: [TrailChange]) throws -> (records: [Int], replies: [Int]) {
    var records: [Int] = []
    var replies: [Int] = []
    for case .lines(let lines) in changes {
        for text in lines.texts {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            if let request = object["replyTo"] as? Int {
                replies.append(request)
            } else {
                records.append(try #require(object["sequence"] as? Int))
            }
        }
    }
    return (records, replies)
}

/// A Service that answers each question, so that the trail has replies as well as records.
func emitter(into store: FileAuditStore) -> (RequestNotifier<Int, Int>, Registration) {
    let requests = RequestNotifier<Int, Int>(of: "/actor/service", audit: AuditContext(store: store))
    let registration = requests.handle { $0 * 2 }
    return (requests, registration)
}

@Suite("Following a running app's trail")
struct TrailFollowerTests {
    @Test func whatIsThereIsReadOldestFileFirstThenEachLineAsItIsWrittenAcrossRotations() throws {
        let trail = try temporaryTrail()
        let store = try FileAuditStore(url: trail, maxFileBytes: 1024, fileCount: 1000)
        let (requests, registration) = emitter(into: store)
        for value in 1...40 { _ = try requests.send(value) }
        store.flush()
        let follower = TrailFollower(url: trail, fileCount: 1000)
        var changes = drain(follower)
        for value in 41...120 {
            _ = try requests.send(value)
            if value % 7 == 0 {
                store.flush()
                changes += drain(follower)
            }
        }
        store.flush()
        changes += drain(follower)
        withExtendedLifetime(registration) {}

        let (records, replies) = try sequences(in: changes)
        #expect(records == Array(1...120))
        #expect(Set(replies) == Set(1...120) && replies.count == 120)
        #expect(try FileManager.default.contentsOfDirectory(atPath: trail.deletingLastPathComponent().path).count > 10)
        #expect(!changes.contains(.reset))
    }

    @Test func aLineIsHandedOverOnlyOnceItEnds() throws {
        let trail = try temporaryTrail()
        try Data(#"{"a":1}"#.utf8).write(to: trail)
        let follower = TrailFollower(url: trail)
        #expect(drain(follower).isEmpty)
        let handle = try FileHandle(forWritingTo: trail)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(",\"b\":2}\r\n{\"c\":3}\n".utf8))
        try handle.close()
        let changes = drain(follower)
        guard case .lines(let lines) = try #require(changes.first) else {
            Issue.record("expected lines, got \(changes)")
            return
        }
        #expect(lines.texts == [#"{"a":1},"b":2}"# + "\r", #"{"c":3}"#])
    }

    @Test func aNewRunOfTheAppStartsOver() throws {
        let trail = try temporaryTrail()
        var store: FileAuditStore? = try FileAuditStore(url: trail)
        var notifier: EventNotifier<Int>? = EventNotifier<Int>(of: "/actor/service", audit: AuditContext(store: store!))
        for value in 1...30 { notifier!.emit(value) }
        store!.flush()
        let follower = TrailFollower(url: trail)
        #expect(try sequences(in: drain(follower)).records == Array(1...30))
        notifier = nil
        store = nil
        // The next run writes more than the last had by the time the follower looks again.
        let next = try FileAuditStore(url: trail)
        let again = EventNotifier<String>(of: "/actor/service", audit: AuditContext(store: next))
        for value in 1...40 { again.emit("a longer notification, \(value)") }
        next.flush()
        let changes = drain(follower)
        #expect(changes.first == .reset)
        #expect(try sequences(in: changes).records == Array(1...40))
    }

    @Test func aNewRunWhoseLinesAreAsLongAsTheLastsStartsOverToo() throws {
        let trail = try temporaryTrail()
        #expect(FileManager.default.createFile(atPath: trail.path, contents: nil))
        let follower = TrailFollower(url: trail)
        for run in 1...3 {
            // As a store opens a trail: the same file, emptied; then lines as long as the last
            // run's, only their times differ, past where the follower had read.
            let lines = (1...(40 * run)).map {
                #"{"notification":"tick","sequence":\#($0),"time":\#(run)000\#($0 % 10)}"#
            }
            let handle = try FileHandle(forWritingTo: trail)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
            try handle.close()
            let changes = drain(follower)
            if run > 1 { #expect(changes.first == .reset, "run \(run)") }
            #expect(try sequences(in: changes).records == Array(1...(40 * run)))
        }
    }

    @Test func aTrailNotThereYetIsToldOnceThenFollowed() throws {
        let trail = try temporaryTrail()
        let follower = TrailFollower(url: trail)
        #expect(drain(follower) == [.notice("Waiting for the trail: there is no regular file at \(trail.path) yet")])
        #expect(drain(follower).isEmpty)
        let store = try FileAuditStore(url: trail)
        EventNotifier<Int>(of: "/actor/service", audit: AuditContext(store: store)).emit(1)
        store.flush()
        #expect(try sequences(in: drain(follower)).records == [1])
    }

    @Test func onlyTheTrailsOwnFilesAreRead() throws {
        let trail = try temporaryTrail()
        let folder = trail.deletingLastPathComponent()
        for name in ["run.2024.jsonl", "other.jsonl", "run.jsonl.bak", "run.1.json"] {
            try Data(#"{"sequence":999}"#.utf8 + [0x0A]).write(to: folder.appendingPathComponent(name))
        }
        try Data(#"{"sequence":1}"#.utf8 + [0x0A]).write(to: folder.appendingPathComponent("run.1.jsonl"))
        try Data(#"{"sequence":2}"#.utf8 + [0x0A]).write(to: trail)
        let follower = TrailFollower(url: trail, fileCount: 4)
        #expect(try sequences(in: drain(follower)).records == [1, 2])
    }

    @Test func aLineACrashCutShortInAnOlderFileIsToldNotHandedOver() throws {
        let trail = try temporaryTrail()
        let folder = trail.deletingLastPathComponent()
        try Data((#"{"sequence":1}"# + "\n" + #"{"seque"#).utf8).write(to: folder.appendingPathComponent("run.1.jsonl"))
        try Data((#"{"sequence":2}"# + "\n").utf8).write(to: trail)
        let changes = drain(TrailFollower(url: trail))
        #expect(changes.contains(.notice(#"A line cut short was left out: {"seque"#)))
        #expect(try sequences(in: changes).records == [1, 2])
    }

    @Test func aFIFOOrAFolderAtTheTrailsPathIsNoTrailAndNoWait() throws {
        let trail = try temporaryTrail()
        #expect(mkfifo(trail.path, 0o644) == 0)
        #expect(
            drain(TrailFollower(url: trail)) == [
                .notice("Waiting for the trail: there is no regular file at \(trail.path) yet")
            ])
        let folder = try temporaryTrail()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(drain(TrailFollower(url: folder)).count == 1)
    }
}
