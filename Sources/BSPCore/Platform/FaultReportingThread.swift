import BSPAtomics

/// Whether this thread is reporting a fault now.
///
/// A fault handler may raise faults itself — forwarding each fault through the port of a peer
/// that has gone, or to an unhandled notifier — and none of those sends runs a handler, so
/// neither a notifier's nesting limit nor the stack budget would ever see the recursion. A
/// thread-local flag, rather than a task-local, so that a task the handler starts, which runs
/// later and elsewhere, reports its own faults as usual.
enum FaultReportingThread {
    /// Runs `report` unless this thread is reporting a fault already; returns whether it ran.
    static func reportUnlessNested(_ report: () -> Void) -> Bool {
        let reports = bsp_thread_fault_reports_address()
        guard reports.pointee == 0 else { return false }
        reports.pointee = 1
        defer { reports.pointee = 0 }
        report()
        return true
    }
}
