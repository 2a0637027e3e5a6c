import BSPCore
import Testing

/// A trail is read as it was written, whatever its line endings, and a trail that cannot be a
/// run — a record caused by itself or by nothing, two records with one number, a negative
/// depth — is refused naming its line.
@Suite("Trail consistency")
struct TrailConsistencyTests {
    static func line(_ sequence: Int, cause: Int? = nil, depth: Int = 0) -> String {
        let cause = cause.map { #","cause":\#($0)"# } ?? ""
        return #"{"delivery":"delivered","depth":\#(depth),"notification":"n","notifier":"/actor/a/notifier/event","#
            + #""sequence":\#(sequence),"targets":[],"variety":"event"\#(cause)}"#
    }

    @Test func aTrailWithCRLFLineEndingsIsReadWithItsLinesCountedRight() throws {
        let text = [Self.line(1), Self.line(2, cause: 1, depth: 1)].joined(separator: "\r\n") + "\r\n"
        let trail = try AuditTrail(jsonLines: text)
        #expect(trail.records.map(\.sequence) == [1, 2])

        let broken = [Self.line(1), "{not json", Self.line(3)].joined(separator: "\r\n")
        #expect(throws: AuditTrailError.malformedLine(2, reason: "not valid JSON")) {
            try AuditTrail(jsonLines: broken)
        }
    }

    @Test(arguments: [
        ([line(1), line(2, cause: 2, depth: 1)], 2, "it names itself as its cause"),
        ([line(1), line(3, cause: 2, depth: 1)], 2, "its cause #2 is not in the trail"),
        ([line(1), line(2, cause: 5, depth: 1)], 2, "its cause #5 comes after it"),
        ([line(1), line(1)], 2, "sequence number 1 is used by line 1 too"),
        ([line(1, depth: -1)], 1, "its depth is negative"),
    ])
    func anInconsistentTrailIsRefusedNamingTheLine(lines: [String], badLine: Int, reason: String) {
        #expect(throws: AuditTrailError.inconsistentLine(badLine, reason: reason)) {
            try AuditTrail(jsonLines: lines.joined(separator: "\n"))
        }
    }

    @Test func aCauseBeforeTheTrailBeganIsAllowed() throws {
        // A bounded store drops its oldest records: what it kept may name one as its cause.
        let trail = try AuditTrail(
            jsonLines: [Self.line(7, cause: 3, depth: 2), Self.line(8, cause: 7, depth: 3)]
                .joined(separator: "\n"))
        #expect(trail.records.map(\.cause) == [3, 7])
    }
}
