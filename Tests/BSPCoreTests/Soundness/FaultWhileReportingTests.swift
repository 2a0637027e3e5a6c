import BSPCore
import Testing

/// A fault handler may itself raise faults — typically by forwarding each fault to a peer that
/// has gone. A fault raised while a fault is being reported on the same thread is counted as
/// dropped and never reported: the report ends instead of recursing until the stack overflows.
@Suite("Faults raised while a fault is reported")
struct FaultWhileReportingTests {
    /// A context whose fault handler forwards every fault through `forward`, set once the
    /// peer exists, and counts the calls.
    final class Forwarding: @unchecked Sendable {
        // @unchecked: set before the first fault, and read on the test's thread only.
        var forward: () -> Void = {}
        let calls = Tally()
        let store = InMemoryAuditStore()
        lazy var context = AuditContext(store: store) { [self] _ in
            calls.increment()
            forward()
        }
    }

    @Test func aHandlerForwardingFaultsToAGonePeerThroughItsPortIsCalledOnce() {
        let forwarding = Forwarding()
        var peer: RequestNotifier<String, Void>? = RequestNotifier(of: "/actor/peer", audit: forwarding.context)
        let port = peer!.port
        forwarding.forward = { port.send("fault") }
        peer = nil

        port.send("first")

        #expect(forwarding.calls.count == 1)
        #expect(forwarding.context.droppedFaultCount == 1)
        #expect(forwarding.store.records.map(\.delivery) == [.undelivered, .undelivered])
    }

    @Test func aHandlerSendingToAnUnhandledNotifierIsCalledOnce() {
        let forwarding = Forwarding()
        let unhandled = RequestNotifier<String, Void>(of: "/actor/peer", audit: forwarding.context)
        forwarding.forward = { unhandled.send("fault") }

        unhandled.send("first")
        unhandled.send("second")

        #expect(forwarding.calls.count == 2)
        #expect(forwarding.context.droppedFaultCount == 2)
    }

    @Test func aHandlerSendingToAFullQueueIsCalledOnce() {
        let forwarding = Forwarding()
        let queue = QueuedNotifier<String>(
            of: "/actor/peer", buffering: .keepingOldest(1), audit: forwarding.context)
        forwarding.forward = { queue.send("fault") }
        queue.send("kept")

        queue.send("refused")

        #expect(forwarding.calls.count == 1)
        #expect(forwarding.context.droppedFaultCount == 1)
    }

    @Test func aFaultAfterTheReportEndedIsReportedAgain() {
        let forwarding = Forwarding()
        let unhandled = RequestNotifier<String, Void>(of: "/actor/peer", audit: forwarding.context)

        unhandled.send("first")
        unhandled.send("second")

        #expect(forwarding.calls.count == 2)
        #expect(forwarding.context.droppedFaultCount == 0)
    }

    @Test func aFaultOnAnotherThreadWhileOneIsReportedIsReported() {
        let forwarding = Forwarding()
        let unhandled = RequestNotifier<String, Void>(of: "/actor/peer", audit: forwarding.context)
        let context = forwarding.context
        let uri = unhandled.uri
        forwarding.forward = {
            // Another thread's report is not nested in this one.
            guard forwarding.calls.count == 1 else { return }
            #expect(returnsInTime { context.reportFault(NotifierError.unhandledRequest(uri)) })
        }

        unhandled.send("first")

        #expect(forwarding.calls.count == 2)
        #expect(forwarding.context.droppedFaultCount == 0)
    }

    @Test func aFaultOfAnotherContextRaisedInAFaultHandlerGoesToThatContext() {
        let other = Forwarding()
        let otherRequests = RequestNotifier<String, Void>(of: "/actor/other", audit: other.context)
        let forwarding = Forwarding()
        let unhandled = RequestNotifier<String, Void>(of: "/actor/peer", audit: forwarding.context)
        forwarding.forward = { otherRequests.send("from the first context's handler") }

        unhandled.send("first")

        #expect(forwarding.calls.count == 1)
        #expect(other.calls.count == 1)
        #expect(forwarding.context.droppedFaultCount == 0)
        #expect(other.context.droppedFaultCount == 0)
    }

    @Test func twoContextsForwardingFaultsToEachOtherEndAfterOneRoundEach() {
        let first = Forwarding()
        let second = Forwarding()
        let firstRequests = RequestNotifier<String, Void>(of: "/actor/first", audit: first.context)
        let secondRequests = RequestNotifier<String, Void>(of: "/actor/second", audit: second.context)
        first.forward = { secondRequests.send("to second") }
        second.forward = { firstRequests.send("to first") }

        firstRequests.send("start")

        #expect(first.calls.count == 1)
        #expect(second.calls.count == 1)
        #expect(first.context.droppedFaultCount == 1)
    }
}
