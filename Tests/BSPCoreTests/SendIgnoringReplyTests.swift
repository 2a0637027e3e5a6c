import BSPCore
import Testing

/// A request with a reply sent only for its effect: the reply is dropped, never the failure.
@Suite("Requests sent for their effect")
struct SendIgnoringReplyTests {
    @Test func aHandledRequestRunsItsHandlerAndReportsNothing() {
        let recording = Recording()
        let notifier = RequestNotifier<String, Int>(of: "/actor/speech", audit: recording.context)
        let owner = NamedActor("/actor/speech")
        var started: [String] = []
        notifier.handle(by: owner) { _, request in
            started.append(request)
            return 1
        }

        notifier.sendIgnoringReply("startRecognition")
        notifier.port.sendIgnoringReply("again")

        #expect(started == ["startRecognition", "again"])
        #expect(recording.faults.all.isEmpty)
    }

    @Test func anUnhandledRequestIsReportedAsAFaultNotSwallowed() {
        let recording = Recording()
        let notifier = RequestNotifier<String, Int>(of: "/actor/speech", audit: recording.context)

        notifier.sendIgnoringReply("startRecognition")
        notifier.port.sendIgnoringReply("again")

        #expect(recording.faults.all == [.unhandledRequest(notifier.uri), .unhandledRequest(notifier.uri)])
        #expect(recording.lines.allSatisfy { $0.hasSuffix("[undelivered]") })
    }

    @Test func aRequestThroughThePortOfANotifierThatHasGoneIsReported() {
        let recording = Recording()
        let port = recording.context.withCurrent { RequestNotifier<String, Int>(of: "/actor/speech").port }

        port.sendIgnoringReply("startRecognition")

        #expect(recording.faults.all == [.unhandledRequest(port.uri)])
    }
}
