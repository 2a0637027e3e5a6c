import BSPCore
import BSPDiagrams

extension TestFabric {
    /// Expects the system, as it ran so far and as it is connected now, to keep BSP's own
    /// rules: Service and Presentation never notify each other directly; a notifier's URI lies
    /// under its owner's; only the owner emits on its event notifiers; every request found a
    /// handler.
    ///
    /// ```swift
    /// app.exercise(presentation.events, .showLocationRequested)
    /// app.expectBSPRules()
    /// ```
    ///
    /// A failure lists each broken rule with the URIs involved.
    public func expectBSPRules(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let trail = store.trail
        let topology = Topology(trail: trail).merging(Topology(live: audit))
        let violations = StructureReport(topology: topology, trail: trail).violations
        guard !violations.isEmpty else { return }
        TestFailure.record(
            "expectBSPRules() failed: \(violations.count) rule\(violations.count == 1 ? "" : "s") broken.\n"
                + violations.map { "  - \($0)" }.joined(separator: "\n"),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
