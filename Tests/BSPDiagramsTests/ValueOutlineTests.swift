import BSPCore
import BSPDiagrams
import Testing

@Suite("Value outlines")
struct ValueOutlineTests {
    @Test func anOutlineHasAFieldALineNestedByDepthWithRedactionsMarked() {
        let value = RecordedValue.object([
            "show": .object([
                "user": .string("ada"), "token": .string("<private>"),
                "accounts": .array([.object(["id": .string("A-1"), "cents": .integer(125_000)])]),
            ])
        ])

        #expect(
            ValueOutline(value).lines == [
                "show",
                "  accounts [1]",
                "    [0]",
                "      cents: 125000",
                "      id: \"A-1\"",
                "  token: \"<private>\"  (redacted)",
                "  user: \"ada\"",
            ])
    }

    @Test func hostileTextStaysOnItsLine() {
        let outline = ValueOutline(.object(["a\nb": .string("x\u{2028}y\r\n")]))

        #expect(outline.lines.count == 1)
        #expect(!outline.lines[0].unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" })
    }

    @Test func aScalarIsOneLine() {
        #expect(ValueOutline(.integer(42)).lines == ["42"])
        #expect(ValueOutline(.null).description == "null\n")
    }
}
