import BSPCore
import BSPDiagrams
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Random hostile text through every output: the trail reads back equal, the SVG is XML with
/// the text intact, and the page's embedded data holds nothing an HTML tokenizer could take for
/// markup. (Headless Chromium checks the page itself: `.ci/browser-test.py`.)
@Suite("Hostile text in every output")
struct HostileTextTests {
    /// Pieces that have broken escaping: scalars that join their neighbours, markup, and
    /// everything some reader takes for a line end.
    static let pieces: [String] = [
        "\u{0600}", "\u{0605}", "\u{110BD}", "\u{0D4E}", "\u{0301}", "\u{20DD}", "\u{200D}", "👩‍👩‍👧",
        "<!--", "-->", "<script", "</script", "</SCRIPT>", "<img src=x onerror=alert(1)>", "]]>", "<![CDATA[",
        "\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{7F}", "\u{FFFE}", "\u{FFFF}", "\t",
        "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}",
        "&", "&amp;", "\"", "'", "<", ">", "/", "\\", "#", ";", "%", "`", "${x}", "a", " ", "é", "漢",
    ]

    /// Deterministic strings: a failure names the seed that makes it again.
    static func hostileStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...10, using: &generator)
            return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
    }

    static let texts = hostileStrings(count: 400, seed: 0x5EED)

    /// The element names of a diagram drawn from plain text.
    static func elementsOfAPlainDiagram() throws -> Set<String> {
        let collector = TextCollector()
        let parser = XMLParser(data: Data(SequenceDiagram(trail: try trail(of: ["plain", "text"])).svg().utf8))
        parser.delegate = collector
        _ = parser.parse()
        return collector.elements
    }

    static func trail(of texts: [String]) throws -> AuditTrail {
        let notifier = try NotifierURI(validating: "/actor/service/notifier/request")
        return AuditTrail(
            texts.enumerated().map { index, text in
                AuditRecord(
                    sequence: UInt64(index + 1), notifier: notifier, variety: .request, source: "/actor/behaviour",
                    targets: ["/actor/service"], notification: text)
            })
    }

    @Test func theTrailReadsBackEqualScalarForScalar() throws {
        let trail = try Self.trail(of: Self.texts)
        let read = try AuditTrail(jsonLines: trail.jsonLines())

        #expect(read.records.count == Self.texts.count)
        for (record, text) in zip(read.records, Self.texts) {
            #expect(Array(record.notification.unicodeScalars) == Array(text.unicodeScalars))
        }
    }

    @Test func theSequenceSVGIsXMLWithEveryLabelIntact() throws {
        let trail = try Self.trail(of: Self.texts)
        let diagram = SequenceDiagram(trail: trail)
        let svg = diagram.svg()
        let collector = TextCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector

        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.elements.isSubset(of: try Self.elementsOfAPlainDiagram()), "the text made an element")
        for message in diagram.messages {
            #expect(
                collector.texts.contains(message.label), "label missing from the SVG: \(message.label.debugDescription)"
            )
        }
    }

    @Test func aLabelShowsEveryScalarAnXMLDocumentCannotHoldAsAPictureAndFoldsLineEnds() throws {
        let trail = try Self.trail(of: ["a\u{0}b\u{1B}c\u{7F}d\u{FFFE}e\u{85}f\u{2028}g\r\nh\ti"])
        let label = try #require(SequenceDiagram(trail: trail).messages.first?.label)

        #expect(label == "#1 a\u{2400}b\u{241B}c\u{2421}d\u{FFFD}e f g  h\ti")
    }

    @Test func thePageEmbedsTheTrailAsDataATokenizerCannotLeave() throws {
        let trail = try Self.trail(of: Self.texts)
        let html = TrailViewer(trail: trail, title: Self.texts[0]).html()
        let opening = #"<script type="application/json" id="trail">"#
        let data = try #require(
            html.components(separatedBy: opening).dropFirst().first?.components(separatedBy: "</script>").first)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [[String: Any]])

        #expect(!data.unicodeScalars.contains("<"), "markup could start inside the data")
        #expect(read.count == Self.texts.count)
        for (record, text) in zip(read, Self.texts) {
            #expect((record["notification"] as? String).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
        }
        // Scalar by scalar, not by `Character`: `"\u{0600}<"` is one `Character`, not a `<`.
        let plain = TrailViewer(trail: try Self.trail(of: Self.texts.map { _ in "plain" }), title: "plain").html()
        #expect(
            html.unicodeScalars.count { $0 == "<" } == plain.unicodeScalars.count { $0 == "<" },
            "the text added markup to the page")
    }

    @Test func mermaidGetsOneLinePerMessageAndNoRawMarkup() throws {
        let trail = try Self.trail(of: Self.texts)
        let mermaid = SequenceDiagram(trail: trail).mermaid()
        let messageLines = mermaid.split(separator: "\n", omittingEmptySubsequences: false).filter {
            $0.contains(": #")
        }

        #expect(messageLines.count == Self.texts.count)
        for line in messageLines {
            let label = (line.split(separator: ": ", maxSplits: 1).last ?? "").replacing(
                /#[0-9]+;/.matchingSemantics(.unicodeScalar), with: "")
            #expect(
                !label.unicodeScalars.contains {
                    ($0.properties.generalCategory == .control && $0 != "\t")
                        || "<>;#%\u{2028}\u{2029}".unicodeScalars.contains($0)
                }, "\(label.debugDescription)")
        }
    }
}

/// The element names of an XML document, with the text of each `<text>`.
private final class TextCollector: NSObject, XMLParserDelegate {
    var elements: Set<String> = []
    var texts: Set<String> = []
    private var current: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.insert(name)
        if name == "text" { current = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text = current { texts.insert(text) }
        current = nil
    }
}
