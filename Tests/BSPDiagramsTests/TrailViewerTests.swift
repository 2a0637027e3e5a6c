import BSPCore
import BSPDiagrams
import Testing

@Suite("Trail viewer page")
struct TrailViewerTests {
    private func record(_ sequence: UInt64, _ text: String, cause: UInt64? = nil) throws -> AuditRecord {
        AuditRecord(
            sequence: sequence, notifier: try NotifierURI(validating: "/actor/service/notifier/request"),
            variety: .request, targets: ["/actor/service"], notification: text, cause: cause)
    }

    @Test("the page carries the trail, its script and its styles, and loads nothing")
    func selfContained() throws {
        let html = TrailViewer(trail: AuditTrail([try record(1, "start")])).html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<script type=\"application/json\" id=\"trail\">"))
        for external in ["http://", "https://", "src=", "@import", "url("] {
            #expect(!html.contains(external), "the page refers to something outside it: \(external)")
        }
    }

    @Test("a notification cannot end the script that carries the trail")
    func scriptEndInNotification() throws {
        let html = TrailViewer(trail: AuditTrail([try record(1, "</script><script>alert(1)</script>")])).html()
        #expect(!html.contains("</script><script>alert"))
        #expect(html.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"#))
    }

    @Test("the title is escaped")
    func titleEscaped() throws {
        let html = TrailViewer(trail: AuditTrail(), title: "<b>run</b> & co").html()
        #expect(html.contains("<title>&lt;b&gt;run&lt;/b&gt; &amp; co</title>"))
    }

    @Test("every record is in the page, causes included")
    func everyRecord() throws {
        let trail = AuditTrail(try (1...300).map { try record($0, "step \($0)", cause: $0 > 1 ? $0 - 1 : nil) })
        let html = TrailViewer(trail: trail).html()
        for sequence in [1, 150, 300] {
            #expect(html.contains("\"notification\":\"step \(sequence)\""))
        }
        #expect(html.contains("\"cause\":299"))
    }
}
