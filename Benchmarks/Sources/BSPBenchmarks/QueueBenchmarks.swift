import BSPCore

/// A queued notifier against `AsyncStream`, the queue a user would write instead: the same
/// consumer, auditing off, timed in turns so that both run under the same conditions.
enum QueueBenchmarks {
    /// Where the consumers leave a trace, so that the optimizer cannot drop their work.
    private static let sink = Sink()

    /// Nanoseconds per item to queue `backlog` items and then drain them; the ratio of the
    /// medians, queued notifier over `AsyncStream`.
    static func backlog(_ backlog: Int, _ configuration: Configuration) async -> Double {
        await versus(configuration) {
            let queue = QueuedNotifier<Int>(of: "/actor/bench", audit: .disabled)
            for value in 0..<backlog { queue.send(value) }
            queue.finish()
            return await measure(items: backlog) { try? await queue.consume { sink.total &+= $0 } }
        } stream: {
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            for value in 0..<backlog { continuation.yield(value) }
            continuation.finish()
            return await measure(items: backlog) { for await value in stream { sink.total &+= value } }
        }
    }

    /// Nanoseconds per item while a producer task sends `items` and the consumer drains them
    /// at the same time; the ratio of the medians, queued notifier over `AsyncStream`.
    static func concurrent(items: Int, _ configuration: Configuration) async -> Double {
        await versus(configuration) {
            let queue = QueuedNotifier<Int>(of: "/actor/bench", audit: .disabled)
            return await measure(items: items) {
                let producer = Task.detached {
                    for value in 0..<items { queue.send(value) }
                    queue.finish()
                }
                try? await queue.consume { sink.total &+= $0 }
                await producer.value
            }
        } stream: {
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            return await measure(items: items) {
                let producer = Task.detached {
                    for value in 0..<items { continuation.yield(value) }
                    continuation.finish()
                }
                for await value in stream { sink.total &+= value }
                await producer.value
            }
        }
    }

    /// The median of `queued`'s samples over the median of `stream`'s, taken in turns.
    private static func versus(
        _ configuration: Configuration,
        queued: () async -> Double,
        stream: () async -> Double
    ) async -> Double {
        var queuedSamples: [Double] = []
        var streamSamples: [Double] = []
        _ = await (queued(), stream())  // warm up
        for _ in 0..<configuration.repetitions {
            queuedSamples.append(await queued())
            streamSamples.append(await stream())
        }
        return median(queuedSamples) / median(streamSamples)
    }

    /// Nanoseconds per item that `body`, handling `items` items, takes.
    private static func measure(items: Int, _ body: () async -> Void) async -> Double {
        let start = ContinuousClock.now
        await body()
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
            / Double(items)
    }
}
