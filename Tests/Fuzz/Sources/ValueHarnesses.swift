@_spi(Inspection) import BSPCore
@_spi(Inspection) import BSPTesting
import Foundation

/// Recorded values, URIs and golden transcript names.
enum ValueHarnesses {
    /// A value it parses is the value it parses from the JSON it writes.
    static func recordedValue(_ bytes: [UInt8]) {
        guard let value = RecordedValue(json: bytes) else { return }
        require(RecordedValue(json: Array(value.json.utf8)) == value, "a value parsed from its own JSON is itself")
    }

    /// A URI it accepts is made of the text it was given, and accepted again from its path.
    static func uris(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let actor = try? ActorURI(validating: text) {
            require(actor.path.unicodeScalars.elementsEqual(text.unicodeScalars), "an actor URI's path is its text")
            require((try? ActorURI(validating: actor.path)) == actor, "an actor URI is accepted again from its path")
        }
        if let notifier = try? NotifierURI(validating: text) {
            require(
                notifier.path.unicodeScalars.elementsEqual(text.unicodeScalars), "a notifier URI's path is its text")
            require(
                (try? NotifierURI(validating: notifier.path)) == notifier,
                "a notifier URI is accepted again from its path")
            require(
                notifier.path.utf8.starts(with: (notifier.actor.path + "/").utf8),
                "a notifier URI begins with its actor's")
        }
    }

    /// A name it accepts is one file inside the test's transcripts folder.
    static func goldenName(_ bytes: [UInt8]) {
        let name = String(decoding: bytes, as: UTF8.self)
        guard GoldenFile.problem(with: name) == nil else { return }
        let folder = "/tmp/AppTests/__Transcripts__/LoginTests/"
        let path = URL(fileURLWithPath: GoldenFile(name: name, besideTest: "/tmp/AppTests/LoginTests.swift").path)
            .standardizedFileURL.path
        // In UTF-8 bytes: a name that begins with a combining mark joins the folder's last `/`
        // in one `Character`.
        let (pathBytes, folderBytes) = (Array(path.utf8), Array(folder.utf8))
        require(pathBytes.starts(with: folderBytes), "an accepted golden name stays in its test's transcripts folder")
        require(
            !pathBytes.dropFirst(folderBytes.count).contains(UInt8(ascii: "/")),
            "an accepted golden name is one file name")
    }
}
