/// The package's one escaping for every output it writes, applied scalar by scalar.
///
/// Escaping per `Character` is not enough: a scalar that joins its neighbour (a prepended
/// `U+0600`, a combining mark) makes `"\u{0600}<"` one `Character` that equals no markup
/// character, so a `<` would pass through unescaped. Each function here looks at every
/// Unicode scalar, whatever grapheme it belongs to.
package enum TextEscaping {
    /// The escape of `scalar` inside a JSON string, or `nil` if it stands for itself: quotes,
    /// backslashes, every control character (DEL and the C1 range too) and the scalars some
    /// readers take for line ends (U+2028, U+2029), so that a record is always one line,
    /// whoever splits the file.
    package static func json(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\u{08}": "\\b"
        case "\u{0C}": "\\f"
        case ..<"\u{20}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}": "\\u" + hex(scalar.value)
        default: nil
        }
    }

    /// `text` for XML or HTML text and attribute values: markup characters as entities, and
    /// every scalar XML 1.0 cannot hold (controls other than tab and line ends, `U+FFFE`,
    /// `U+FFFF`) shown as a visible picture (see ``readable(_:)``), so the document stays
    /// well formed.
    package static func xml(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&apos;".unicodeScalars)
            // As references, so that an attribute's value keeps them (a parser turns literal
            // ones into spaces).
            case "\t", "\n", "\r": escaped.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
            default: escaped.append(picture(of: scalar) ?? scalar)
            }
        }
        return String(escaped)
    }

    /// `json`, a JSON text, made safe as the data of an HTML `<script>` element: every `<`, `>`
    /// and `&` written as a JSON escape, which a JSON parser reads as the same character, so
    /// that no `</script`, `<!--` or `<script` can appear for an HTML tokenizer to act on.
    ///
    /// Outside its strings JSON has none of the three, so escaping them everywhere is exact.
    package static func scriptData(json: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": escaped.append(contentsOf: "\\u003c".unicodeScalars)
            case ">": escaped.append(contentsOf: "\\u003e".unicodeScalars)
            case "&": escaped.append(contentsOf: "\\u0026".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// `text` as one line that shows every scalar: each line end (LF, VT, FF, CR, NEL, U+2028,
    /// U+2029) as a space, other control characters as their Unicode Control Pictures
    /// (`U+0000` as `␀`, DEL as `␡`), C1 controls and the noncharacters `U+FFFE` and `U+FFFF`
    /// as `U+FFFD`. Drawings use it for labels, which must fit on one line.
    package static func readable(_ text: String) -> String {
        var readable = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isLineEnd(scalar) {
                readable.append(" ")
            } else {
                readable.append(picture(of: scalar) ?? scalar)
            }
        }
        return String(readable)
    }

    /// `text` for a Mermaid label: one line (see ``readable(_:)``), with the characters Mermaid
    /// would read as syntax written as its entity codes (`#59;` for `;`).
    package static func mermaid(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in readable(text).unicodeScalars {
            switch scalar {
            case ";", "#", "<", ">", "%": escaped.append(contentsOf: "#\(scalar.value);".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Whether some reader takes `scalar` for the end of a line.
    package static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// The visible stand-in for a scalar that text output should not carry raw, or `nil` when
    /// the scalar can stay.
    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: nil
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0, 0xFFFE, 0xFFFF: "\u{FFFD}"
        default: nil
        }
    }

    /// `value` as four lowercase hexadecimal digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
