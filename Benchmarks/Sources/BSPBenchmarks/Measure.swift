import AllocationCounter

/// Times `body`, which performs `operations` operations, `repetitions` times, and returns the
/// median nanoseconds per operation.
func nanosecondsPerOperation(operations: Int, repetitions: Int, _ body: () -> Void) -> Double {
    body()  // warm up
    let clock = ContinuousClock()
    let samples = (0..<repetitions).map { _ in
        let elapsed = clock.measure(body)
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return nanoseconds / Double(operations)
    }
    return median(samples)
}

/// Times each of `bodies`, which perform `operations` operations each, in turn, and does so
/// `repetitions` times; returns each body's nanoseconds per operation, one sample per round.
///
/// Interleaving puts every body under the same conditions in each round, so that differences
/// and ratios between them, taken round by round, survive a machine whose speed drifts.
func interleavedSamples(operations: Int, repetitions: Int, _ bodies: [() -> Void]) -> [[Double]] {
    for body in bodies { body() }  // warm up
    let clock = ContinuousClock()
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<repetitions {
        for (index, body) in bodies.enumerated() {
            let elapsed = clock.measure(body)
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples[index].append(nanoseconds / Double(operations))
        }
    }
    return samples
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// Allocations per operation of `body`, which performs `operations` operations; `nil` where
/// allocations cannot be counted.
func allocationsPerOperation(operations: Int, _ body: () -> Void) -> Double? {
    guard bsp_allocation_counting_available() != 0 else { return nil }
    body()  // warm up: first-use allocations are not per-operation costs
    let before = bsp_allocation_count()
    body()
    return Double(bsp_allocation_count() - before) / Double(operations)
}

/// Heap bytes in use, where the allocator can tell.
func heapBytesInUse() -> UInt64? {
    bsp_allocation_counting_available() != 0 ? bsp_heap_bytes_in_use() : nil
}

/// Where observers leave a trace, so that the optimizer cannot drop their work.
final class Sink: @unchecked Sendable {
    // Used from one thread at a time: each benchmark runs alone.
    var total = 0

    @inline(never)
    func take(_ value: Int) {
        total &+= value
    }
}
