import BSPCore
import Testing

/// `observe(by:)` and `handle(by:)` last as long as their owner. A value boxed as an object
/// (`value as AnyObject`) is released as soon as the call returns, so it would observe or handle
/// nothing, silently: the notifier refuses it with a fault naming itself instead.
@Suite("Owners that are values boxed as objects")
struct BoxedOwnerTests {
    struct Settings {
        var volume = 3
    }

    @Test func observingByABoxedValueIsAFaultNamingTheNotifier() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context)

        notifier.observe(by: Settings() as AnyObject) { _, _ in Issue.record("a box observes nothing") }
        notifier.emit(1)

        #expect(recording.faults.notifier == [.ownerIsNotAnObject(notifier.uri)])
        #expect(notifier.observerCount == 0)
    }

    @Test func handlingByABoxedValueIsAFaultAndLeavesTheNotifierFreeForItsOwner() throws {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Int>(of: "/actor/service", audit: recording.context)
        let owner = NamedActor("/actor/service")

        notifier.handle(by: Settings() as AnyObject) { _, value in value }
        notifier.handle(by: owner) { _, value in value + 1 }

        #expect(recording.faults.notifier == [.ownerIsNotAnObject(notifier.uri)])
        #expect(try notifier.send(1) == 2)
    }

    @Test func aFaultNamesTheNotifierAndSaysWhatToDo() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        let description = NotifierFault.ownerIsNotAnObject(notifier.uri).description

        #expect(description.contains("/actor/source/notifier/event"))
        #expect(description.contains("as AnyObject"))
    }
}
