import Testing

@testable import BSPInspector

@Suite("Events, tokens and the command line")
struct SmallPartsTests {
    @Test func aLineIsOneDataFieldAndNoCarriageReturnCanForgeAnEvent() {
        let lines = TrailLines(Array("{\"a\":1}\r\nx\revent: reset\r\rdata: forged\n\n{\"b\":2}\n".utf8))
        let text = String(buffer: ServerSentEvent.event(of: .lines(lines)))
        #expect(!text.contains("\r"))
        #expect(
            text
                == "event: lines\ndata: {\"a\":1}\ndata: x\u{FFFD}event: reset\u{FFFD}\u{FFFD}data: forged\ndata: {\"b\":2}\n\n"
        )
    }

    @Test func aNoticeIsOneDataField() {
        let text = String(buffer: ServerSentEvent.event(of: .notice("two\nlines")))
        #expect(text == "event: notice\ndata: two\u{FFFD}lines\n\n")
    }

    @Test func aTokenIs128RandomBitsInHexadecimal() {
        let tokens = (0..<50).map { _ in AccessToken().description }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        let token = AccessToken("00ff")
        #expect(token.isMatched(by: "00ff") && !token.isMatched(by: "00fe") && !token.isMatched(by: "00ff0"))
        #expect(!token.isMatched(by: ""))
    }

    @Test func theCommandLineNamesOneTrailAndOptionalSettings() throws {
        #expect(
            try InspectCommand(arguments: ["run.jsonl"]) == InspectCommand(arguments: ["run.jsonl", "--port", "0"]))
        let command = try InspectCommand(arguments: ["--port", "8080", "run.jsonl", "--files", "4"])
        #expect(command.trail == "run.jsonl" && command.port == 8080 && command.fileCount == 4)
        #expect(try InspectCommand(arguments: ["--", "-odd.jsonl"]).trail == "-odd.jsonl")
        #expect(try InspectCommand(arguments: ["--files", "2", "--", "--port"]).trail == "--port")
    }

    @Test(arguments: [
        ([], "no trail named"),
        (["a.jsonl", "b.jsonl"], "one trail only: 'b.jsonl' is a second"),
        (["a.jsonl", "--port"], "--port takes a number from 0 to 65535"),
        (["a.jsonl", "--port", "70000"], "--port takes a number from 0 to 65535"),
        (["a.jsonl", "--files", "0"], "--files takes a number from 1 to 100000"),
        (["a.jsonl", "--host", "0.0.0.0"], "unknown option '--host'"),
        (["--", "a.jsonl", "--port"], "one trail only: '--port' is a second"),
        (["--", ""], "no trail named"),
    ])
    func aWrongCommandLineSaysWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: InspectCommand.UsageError(description: message)) { try InspectCommand(arguments: arguments) }
    }
}
