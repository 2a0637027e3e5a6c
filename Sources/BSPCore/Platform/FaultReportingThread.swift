import BSPAtomics

/// Which contexts are reporting a fault on this thread now.
///
/// A fault handler may raise faults itself — forwarding each fault through the port of a peer
/// that has gone, or to an unhandled notifier — and none of those sends runs a handler, so
/// neither a notifier's nesting limit nor the stack budget would ever see the recursion. A
/// context whose handler is running on this thread drops a fault raised in it; another
/// context's fault, raised there, is reported to that context's handler as usual. Thread-local
/// rather than task-local, so that a task a handler starts, which runs later and elsewhere,
/// reports its own faults as usual.
enum FaultReportingThread {
    /// Runs `report`, the fault handler of the context numbered `context`, unless that context
    /// is reporting a fault on this thread already (or reports are nested so deep that the
    /// thread keeps no more); returns whether it ran.
    static func reportUnlessNested(in context: UInt64, _ report: () -> Void) -> Bool {
        let reports = bsp_thread_fault_reports_address()
        let count = bsp_thread_fault_report_count_address()
        let running = Int(count.pointee)
        for index in 0..<running where reports[index] == context {
            return false
        }
        guard running < Int(BSP_FAULT_REPORTS_MAX) else { return false }
        reports[running] = context
        count.pointee = running + 1
        defer { count.pointee = running }
        report()
        return true
    }
}
