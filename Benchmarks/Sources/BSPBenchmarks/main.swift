import Foundation

// Runs every benchmark in one process and prints a table, or with --json one JSON object.
// Ratios are BSP's time divided by the other's: below 1 means BSP is faster.

let configuration = Configuration(arguments: CommandLine.arguments)
var report = Report()

func progress(_ text: String) {
    if !configuration.json { FileHandle.standardError.write(Data("… \(text)\n".utf8)) }
}

for observers in [1, 10] where configuration.runs("send") {
    progress("send to \(observers)")
    let send = SendBenchmarks.sends(observers: observers, configuration)
    let (closures, bsp, audited, acrossTasks) = (send.closures, send.off, send.audited, send.auditedAcrossTasks)
    let combine = PeerBenchmarks.openCombine(observers: observers, configuration)
    let center = PeerBenchmarks.notificationCenter(observers: observers, configuration)
    let stream = await PeerBenchmarks.asyncStream(observers: observers, configuration)
    let allocations = SendBenchmarks.allocations(observers: observers, configuration)
    let key = "send\(observers)"

    report.add(
        "send to \(observers) observer\(observers == 1 ? "" : "s"), auditing off", "\(format(bsp)) ns",
        "\(ratio(send.vsClosures)) closures, \(ratio(bsp / combine)) OpenCombine, "
            + "\(ratio(bsp / center)) NotificationCenter, \(ratio(bsp / stream)) AsyncStream")
    report.add("  closures from a plain array (the limit)", "\(format(closures)) ns")
    report.add("  OpenCombine PassthroughSubject", "\(format(combine)) ns")
    report.add("  NotificationCenter.post", "\(format(center)) ns")
    report.add("  AsyncStream yield, delivered", "\(format(stream)) ns")
    report.add(
        "  same send, auditing into the in-memory store", "\(format(audited)) ns",
        "+\(format(send.auditOverhead)) ns per notification")
    report.add(
        "  same, following causes across tasks", "\(format(acrossTasks)) ns",
        "+\(format(send.acrossTasksOverhead)) ns per notification")
    report.add("  allocations per send, auditing off", allocations.map { format($0, decimals: 2) } ?? "n/a")

    report.figures["\(key)_ns"] = bsp
    report.figures["\(key)_closures_ns"] = closures
    report.figures["\(key)_opencombine_ns"] = combine
    report.figures["\(key)_notificationcenter_ns"] = center
    report.figures["\(key)_asyncstream_ns"] = stream
    report.figures["\(key)_audited_ns"] = audited
    report.figures["\(key)_audited_across_tasks_ns"] = acrossTasks
    report.figures["\(key)_vs_closures"] = send.vsClosures
    report.figures["\(key)_vs_opencombine"] = bsp / combine
    report.figures["\(key)_vs_notificationcenter"] = bsp / center
    report.figures["\(key)_vs_asyncstream"] = bsp / stream
    if observers == 1 {
        report.figures["audit_overhead_ns"] = send.auditOverhead
        report.figures["audit_overhead_across_tasks_ns"] = send.acrossTasksOverhead
        report.figures["allocations_per_send"] = allocations ?? -1
    } else {
        report.figures["allocations_per_send10"] = allocations ?? -1
        report.figures["send10_audit_overhead_ns"] = send.auditOverhead
        let named = SendBenchmarks.namedObservers(configuration)
        report.add("  observers held through their owners, each naming its actor", "\(format(named.off)) ns")
        report.add("  same, auditing", "+\(format(named.auditOverhead)) ns per notification")
        report.figures["send10_named_ns"] = named.off
        report.figures["send10_named_audit_overhead_ns"] = named.auditOverhead
    }
}

if configuration.runs("request") {
    progress("request with reply")
    let request = SendBenchmarks.request(configuration)
    report.add(
        "request with a synchronous reply", "\(format(request.bsp)) ns",
        "\(ratio(request.bsp / request.direct)) calling the handler directly (\(format(request.direct)) ns)")
    report.add(
        "  same request, auditing into the in-memory store", "\(format(request.audited)) ns",
        "+\(format(request.audited - request.bsp)) ns per notification")
    report.figures["request_reply_ns"] = request.bsp
    report.figures["request_audited_ns"] = request.audited
    report.figures["request_audit_overhead_ns"] = request.audited - request.bsp
    report.figures["request_reply_vs_direct"] = request.bsp / request.direct
    let opaque = SendBenchmarks.auditedRequestWithOpaqueReply(configuration)
    report.add(
        "  same, its reply not Codable (not kept in the trail)", "\(format(opaque)) ns",
        "+\(format(opaque - request.bsp)) ns per notification")
    report.figures["request_audit_overhead_uncodable_reply_ns"] = opaque - request.bsp
    // Like for like: handler and observer kept by tokens, then both through their owners; and
    // the request through its owner against the event through a token.
    let comparisons: [(key: String, request: SendBenchmarks.Holding, observer: SendBenchmarks.Holding, label: String)] =
        [
            ("request_reply_vs_send1", .token, .token, "handler and observer kept by tokens"),
            ("request_reply_vs_owned_send1", .owner, .owner, "handler and observer held through their owners"),
            ("owned_request_reply_vs_send1", .owner, .token, "handler through its owner, observer by a token"),
        ]
    for comparison in comparisons {
        let versus = SendBenchmarks.requestVersusSend(
            request: comparison.request, observer: comparison.observer, configuration)
        report.add("  a request against an event send to one observer", "\(ratio(versus))", comparison.label)
        report.figures[comparison.key] = versus
    }
}

if configuration.runs("ownership") {
    progress("the app's path: ports and owner-held observers")
    let port = OwnershipBenchmarks.portVersusNotifier(configuration)
    let owner = OwnershipBenchmarks.ownerVersusWeakClosures(configuration)
    report.add("a request through a port", "\(ratio(port))", "the same request through the notifier")
    report.add("a send to an observer held through its owner", "\(ratio(owner))", "a [weak self] closure")
    report.figures["port_request_vs_notifier"] = port
    report.figures["owner_send1_vs_weak_closures"] = owner
    let scopeOwner = OwnershipBenchmarks.scopeOwnerVersusWeakClosures(configuration)
    report.add("a send to an observer that is an operating scope", "\(ratio(scopeOwner))", "a [weak self] closure")
    report.figures["scope_owner_send1_vs_weak_closures"] = scopeOwner
    let noARC = OwnershipBenchmarks.sendVersusClosuresWithoutARC(configuration)
    let tenNamed = OwnershipBenchmarks.tenNamedVersusOneAudited(configuration)
    report.add("a send to one observer", "\(ratio(noARC))", "the closure called without ARC traffic")
    report.add("an audited send to ten named observers", "\(ratio(tenNamed))", "the same to one")
    report.figures["send1_vs_noarc_closures"] = noARC
    report.figures["send10_named_audit_vs_send1_audit"] = tenNamed
    let app = AppPathBenchmarks.appPath(configuration)
    report.add("the README's app, intent to presentation", "\(ratio(app.vsClosures))", "[weak self] closures")
    report.add("  the same, audited", "\(ratio(app.auditedVsUnaudited))", "the same, unaudited")
    report.figures["app_path_vs_closures"] = app.vsClosures
    report.figures["app_path_audited_vs_unaudited"] = app.auditedVsUnaudited
    report.add(
        "  its least, four records at the record limit", "\(ratio(app.auditedFloor))", "the same, unaudited")
    report.add("  auditing it, per notification", "\(ratio(app.auditVsRecordLimit))", "the record limit")
    report.figures["app_path_audited_floor"] = app.auditedFloor
    report.figures["app_path_audit_vs_record_limit"] = app.auditVsRecordLimit
}

if configuration.runs("queue") {
    progress("queued notifier against AsyncStream")
    for (backlog, key) in [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")] {
        let versus = await QueueBenchmarks.backlog(backlog, configuration)
        report.add("queue a backlog of \(backlog), then drain it", "\(ratio(versus))", "AsyncStream, the same consumer")
        report.figures["queued_vs_asyncstream_\(key)"] = versus
    }
    let concurrent = await QueueBenchmarks.concurrent(items: 100_000, configuration)
    report.add("a producer and the consumer together, 100000 items", "\(ratio(concurrent))", "AsyncStream")
    report.figures["queued_concurrent_vs_asyncstream"] = concurrent
}

if configuration.runs("limit") {
    progress("auditing against the record limit")
    let versus = AuditLimitBenchmarks.auditVersusLimit(configuration)
    report.add(
        "auditing a send", "\(ratio(versus.ratio))",
        "the least a record costs: a sequence number, a clock read, a ring write under a lock "
            + "(\(format(versus.limitNanoseconds)) ns)")
    report.add(
        "  the same, the record's time read from ContinuousClock", "\(ratio(versus.withClockRatio))",
        "the same (auditing costs \(format(versus.withClockNanoseconds)) ns)")
    report.figures["audit_overhead_vs_record_limit"] = versus.ratio
    report.figures["audit_with_clock_vs_record_limit"] = versus.withClockRatio
    report.figures["audit_overhead_with_clock_ns"] = versus.withClockNanoseconds
    report.figures["record_limit_ns"] = versus.limitNanoseconds
}

if configuration.runs("rendering") {
    progress("auditing what an app sends")
    let rendering = RenderingBenchmarks.auditOverhead(configuration)
    let payloads: [(String, String, RenderingBenchmarks.Cost, String)] = [
        (
            "auditing the quick start's notification: an enum around a struct of a string", "string", rendering.string,
            "rendered when sent"
        ),
        ("  the same, with a description of its own", "described", rendering.described, "rendered when sent"),
        ("  the same, Codable: its value kept too", "codable", rendering.codable, "rendered and encoded when sent"),
        ("auditing an enum around a number", "number", rendering.number, "rendered when sent"),
        ("auditing a payload-free enum", "plain", rendering.plain, "each case's text remembered"),
    ]
    for (label, key, cost, note) in payloads {
        report.add(label, "+\(format(cost.nanoseconds)) ns, \(ratio(cost.versusRecordLimit)) the record limit", note)
        report.figures["audit_overhead_\(key)_payload_ns"] = cost.nanoseconds
        report.figures["audit_\(key)_payload_vs_record_limit"] = cost.versusRecordLimit
    }
}

if configuration.runs("encoding") {
    progress("encoding a value for the trail")
    let encoding = RenderingBenchmarks.encoding(configuration)
    report.add("the trail's value of a Codable enum", "\(format(encoding.direct)) ns", "the package's encoder")
    report.add("  the same with JSONEncoder alone", "\(format(encoding.viaJSON)) ns", "before parsing its output")
    report.figures["encode_codable_payload_ns"] = encoding.direct
    report.figures["json_encoder_codable_payload_ns"] = encoding.viaJSON
}

if configuration.runs("growth") {
    progress("growth")
    for count in [1, 10, 100, 1_000] {
        let cost = GrowthBenchmarks.perObserver(count, configuration)
        report.add("a send to \(count) observers, per observer", "\(format(cost)) ns")
        report.figures["growth_observers_\(count)_ns_per_observer"] = cost
    }
    for depth in [1, 10, 100] {
        let cost = GrowthBenchmarks.pushAndPop(atDepth: depth, configuration)
        report.add("scope push + pop on a stack \(depth) deep", "\(format(cost, decimals: 2)) µs")
        report.figures["growth_scope_depth_\(depth)_us"] = cost
    }
    for records in [1_000, 10_000, 100_000, 1_000_000] {
        let cost = GrowthBenchmarks.auditedSend(intoTrailOf: records, configuration)
        report.add("an audited send into a trail of \(records) records", "\(format(cost)) ns")
        report.figures["growth_trail_\(records)_ns"] = cost
    }
}

if configuration.runs("scope") {
    progress("scope push + pop")
    let scope = ScopeBenchmarks.pushAndPop(configuration)
    report.add("scope push + pop, with companion", "\(format(scope / 1000, decimals: 2)) µs")
    report.figures["scope_push_pop_us"] = scope / 1000
}

if configuration.runs("matching") {
    progress("matching")
    let matching = MatchingBenchmarks.match(configuration)
    let lines = configuration.transcriptLines
    report.add("expect(inOrder:) over \(lines) notifications", "\(format(matching.inOrder)) ms")
    report.add("expect(exactly:) over \(lines) notifications", "\(format(matching.exactly)) ms")
    report.figures["match_in_order_ms"] = matching.inOrder
    report.figures["match_exactly_ms"] = matching.exactly
    report.figures["match_lines"] = Double(lines)
}

if configuration.runs("filestore") {
    progress("file store")
    let (overhead, versusMemory) = try FileStoreBenchmarks.overhead(configuration)
    report.add(
        "  same send, auditing into a FileAuditStore", "+\(format(overhead)) ns",
        "on the sending thread; \(ratio(versusMemory)) the in-memory store's")
    report.figures["file_store_overhead_ns"] = overhead
    report.figures["file_store_overhead_vs_memory_store"] = versusMemory
    let writer = try FileStoreBenchmarks.writerCPUPerRecord(configuration)
    report.add("  the writer thread's CPU per record", "\(format(writer)) ns", "encoding and writing JSON Lines")
    report.figures["file_writer_cpu_ns_per_record"] = writer
}

if configuration.runs("store") {
    progress("bounded store")
    let store = MemoryBenchmarks.store(configuration)
    let growth = [store.bytesAfterTenth, store.bytesAfterAll].map {
        $0.map { "\(format(Double($0) / 1_048_576, decimals: 2)) MiB" } ?? "n/a"
    }
    report.add(
        "in-memory store after \(configuration.storeNotifications) notifications", "\(store.kept) kept",
        "capacity \(store.capacity), \(store.dropped) dropped; heap growth \(growth[0]) after a tenth, \(growth[1]) after all"
    )
    report.figures["store_notifications"] = Double(configuration.storeNotifications)
    report.figures["store_kept"] = Double(store.kept)
    report.figures["store_dropped"] = Double(store.dropped)
    report.figures["store_heap_growth_bytes"] = store.bytesAfterAll.map(Double.init) ?? -1
    if let memory = MemoryBenchmarks.bytesPerRecord(configuration) {
        report.add(
            "in-memory store, a record of a 40-character text", "\(format(memory.bytesPerRecord)) B",
            "target ≤ 64 B; \(memory.records) records, \(format(memory.peakWhileReadingMiB)) MiB at their peak, read")
        report.figures["memory_store_bytes_per_record"] = memory.bytesPerRecord
        report.figures["memory_1m_records_peak_mib"] = memory.peakWhileReadingMiB
    }
}

print(configuration.json ? report.json : report.table)
