@_spi(Inspection) import BSPCore

extension TestFabric {
    /// Once the system is let go of, fails the test for each actor that an observer or a
    /// handler it was given still keeps alive, naming the actor and the notifier.
    ///
    /// An observation made with `observe(by: owner)` lasts as long as its owner, and is handed
    /// the owner so that it need not capture it; one that captures it anyway keeps it alive as
    /// long as the notifier, and a notifier the owner holds, forever. The check lets go of each
    /// such handler in turn and sees whether its owner goes with it: an owner the test still
    /// holds stays, and is not reported.
    func failActorsKeptAliveByTheirOwnHandlers() {
        let captures = audit.liveNotifiers.compactMap { $0 as? any SelfCaptureProbe }.flatMap {
            $0.releaseHandlersKeepingTheirOwnersAlive()
        }
        for capture in captures {
            TestFailure.record(Self.message(for: capture), at: recorder.origin)
        }
    }

    private static func message(for capture: SelfCapture) -> String {
        let name = capture.actor.map { "'\($0)' (\(capture.ownerType))" } ?? capture.ownerType
        let form =
            capture.kind == .observer
            ? "observe(by: self) { owner, event in owner.handle(event) }"
            : "handle(by: self) { owner, request in owner.answer(request) }"
        return "\(name) outlives its fabric: its \(capture.kind.rawValue) of '\(capture.notifier)' captures it "
            + "strongly, so it lives as long as that notifier — for ever, if it holds the notifier. Use the owner "
            + "the handler is given, not self: \(form)."
    }
}
