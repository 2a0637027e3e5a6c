import BSPCore
import Foundation
import Testing

/// Errors name a trail's files by the URL the app gave, and a trail is only ever a local file.
@Suite("File errors name the URL given")
struct FileURLTests {
    /// A folder of its own, and a URL relative to it, as an app might make one.
    private static func relative(_ name: String) throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bsp-url-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, URL(fileURLWithPath: name, relativeTo: folder))
    }

    @Test func readingAMissingTrailByARelativeURLNamesThatURL() throws {
        let (folder, url) = try Self.relative("run.jsonl")
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(throws: AuditTrailError.unreadableFile(url, reason: "there is no such file")) {
            try FileAuditStore.read(url)
        }
    }

    @Test func aStoreInAMissingFolderNamesTheRelativeURLItWasGiven() throws {
        let (folder, _) = try Self.relative("run.jsonl")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = URL(fileURLWithPath: "missing/run.jsonl", relativeTo: folder)

        do {
            _ = try FileAuditStore(url: url)
            Issue.record("opened a file in a missing folder")
        } catch {
            guard case .cannotOpen(let file, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(file == url)
        }
    }

    @Test func aTornLineNamesItsFileByTheURLGiven() throws {
        let (folder, url) = try Self.relative("run.jsonl")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"delivery\":\"deliv".utf8).write(to: url)

        #expect(try FileAuditStore.read(url).tornLines.map(\.file) == [url])
    }

    @Test func aURLThatIsNotAFilesIsRefusedAndNamedWhole() throws {
        let web = try #require(URL(string: "https://example.com/trail.jsonl"))

        #expect(throws: FileAuditStoreError.self) { try FileAuditStore(url: web) }
        #expect(throws: AuditTrailError.unreadableFile(web, reason: "it is not a file URL")) {
            try AuditTrail(contentsOf: web)
        }
        #expect(throws: AuditTrailError.unreadableFile(web, reason: "it is not a file URL")) {
            try FileAuditStore.read(web)
        }
        do {
            try AuditTrail().write(to: web)
            Issue.record("wrote to a web URL")
        } catch {
            #expect(error.description.contains("https://example.com/trail.jsonl"))
        }
    }
}
