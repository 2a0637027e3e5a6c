/// The package's one escaping for every output it writes, applied scalar by scalar.
///
/// Escaping per `Character` is not enough: a scalar that joins its neighbour (a prepended
/// `U+0600`, a combining mark) makes `"\u{0600}<"` one `Character` that equals no markup
/// character, so a `<` would pass through unescaped. Each function here looks at every
/// Unicode scalar, whatever grapheme it belongs to.
@_spi(Inspection) public enum TextEscaping {
    /// Appends `text` as a JSON string, quoted, in UTF-8: quotes, backslashes, every control
    /// character (DEL and the C1 range too) and the scalars some readers take for line ends
    /// (U+2028, U+2029) escaped, so that a record is always one line, whoever splits the file.
    ///
    /// It works on the string's UTF-8 bytes, copying the runs between escapes whole: a trail
    /// writer encodes every record of a running app, and going scalar by scalar through a
    /// `String` cost it most of its time. The scalars it escapes are found by their encodings:
    /// one byte below 0x20 or 0x22, 0x5C, 0x7F; `C2 80`…`C2 9F`; `E2 80 A8` and `E2 80 A9`.
    @_spi(Inspection) public static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var plain = 0
            var index = 0
            while index < utf8.count {
                let (length, scalar) = jsonEscape(in: utf8, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: utf8[plain..<index])
                appendJSONEscape(of: scalar, to: &bytes)
                index += length
                plain = index
            }
            bytes.append(contentsOf: utf8[plain...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// How many bytes at `index` encode a scalar JSON Lines escapes, and its value; 0 when the
    /// byte there stands for itself.
    private static func jsonEscape(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, UInt32) {
        let byte = utf8[index]
        switch byte {
        case ..<0x20, 0x22, 0x5C, 0x7F:
            return (1, UInt32(byte))
        case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
            return (2, UInt32(utf8[index + 1]))
        case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (0xA8...0xA9).contains(utf8[index + 2]):
            return (3, 0x2000 + UInt32(utf8[index + 2] - 0x80))
        default:
            return (0, 0)
        }
    }

    private static func appendJSONEscape(of scalar: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch scalar {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
    }

    /// `text` for XML or HTML text and attribute values: markup characters as entities, and
    /// every scalar XML 1.0 cannot hold (controls other than tab and line ends, `U+FFFE`,
    /// `U+FFFF`) shown as a visible picture (see ``readable(_:)``), so the document stays
    /// well formed.
    @_spi(Inspection) public static func xml(_ text: String) -> String {
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
    @_spi(Inspection) public static func scriptData(json: String) -> String {
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
    @_spi(Inspection) public static func readable(_ text: String) -> String {
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
    @_spi(Inspection) public static func mermaid(_ text: String) -> String {
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
    @_spi(Inspection) public static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
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
}
