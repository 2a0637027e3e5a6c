@_spi(Inspection) import BSPCore
import Foundation

/// The package's escapers, each checked against what it promises, scalar by scalar.
enum EscaperHarness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let json = jsonRoundTrip(text)
        scriptData(json)
        xml(text)
        readable(text)
        mermaid(text)
    }

    /// A JSON string parses back to the same scalars, on one line; returns its bytes.
    private static func jsonRoundTrip(_ text: String) -> [UInt8] {
        var json: [UInt8] = []
        TextEscaping.appendJSONString(text, to: &json)
        guard case .string(let parsed)? = RecordedValue(json: json) else {
            require(false, "an escaped JSON string parses")
            return json
        }
        require(parsed.unicodeScalars.elementsEqual(text.unicodeScalars), "a JSON string parses back to its scalars")
        let written = String(decoding: json, as: UTF8.self)
        require(!written.unicodeScalars.contains(where: TextEscaping.isLineEnd), "a JSON string is one line")
        return json
    }

    /// Script data holds no `<`, `>` or `&`, and parses as the JSON it was made from.
    private static func scriptData(_ json: [UInt8]) {
        let data = TextEscaping.scriptData(json: String(decoding: json, as: UTF8.self))
        require(
            !data.unicodeScalars.contains { "<>&".unicodeScalars.contains($0) }, "no '<', '>' or '&' in script data")
        require(RecordedValue(json: Array(data.utf8)) == RecordedValue(json: json), "script data parses as its JSON")
    }

    /// XML text holds no markup character, and every `&` begins an entity.
    private static func xml(_ text: String) {
        let escaped = TextEscaping.xml(text)
        require(
            !escaped.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) }, "no markup character in XML text")
        // Scalar by scalar: a combining mark after an entity's `;` joins it in one `Character`.
        var scalars = Array(escaped.unicodeScalars)[...]
        while let ampersand = scalars.firstIndex(of: "&") {
            let entity = String(String.UnicodeScalarView(scalars[ampersand...].prefix { $0 != ";" }))
            let known = ["&amp", "&lt", "&gt", "&quot", "&apos", "&#9", "&#10", "&#13"].contains(entity)
            let end = scalars.index(ampersand, offsetBy: entity.unicodeScalars.count)
            require(known && end < scalars.endIndex && scalars[end] == ";", "every '&' in XML text begins an entity")
            scalars = scalars[(end + 1)...]
        }
    }

    /// A readable label has one scalar for each of the text's, and no line end.
    private static func readable(_ text: String) {
        let label = TextEscaping.readable(text)
        require(label.unicodeScalars.count == text.unicodeScalars.count, "a readable label keeps one scalar for each")
        require(!label.unicodeScalars.contains(where: TextEscaping.isLineEnd), "a readable label is one line")
    }

    /// A Mermaid label holds Mermaid's syntax characters only inside entity codes.
    private static func mermaid(_ text: String) {
        let label = TextEscaping.mermaid(text)
        require(!label.unicodeScalars.contains(where: TextEscaping.isLineEnd), "a Mermaid label is one line")
        var scalars = Array(label.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "#" {
                let digits = scalars.dropFirst().prefix { $0.properties.numericType == .decimal && $0.isASCII }
                let end = scalars.dropFirst(1 + digits.count).first
                require(!digits.isEmpty && end == ";", "every '#' in a Mermaid label begins an entity code")
                scalars = scalars.dropFirst(2 + digits.count)
            } else {
                require(!";<>%".unicodeScalars.contains(first), "no Mermaid syntax character outside an entity code")
                scalars = scalars.dropFirst()
            }
        }
    }
}
