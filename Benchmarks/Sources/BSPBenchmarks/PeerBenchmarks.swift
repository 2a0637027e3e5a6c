import Foundation
import OpenCombine

/// The same fan-out with the peers: OpenCombine, NotificationCenter and AsyncStream.
enum PeerBenchmarks {
    static func openCombine(observers: Int, _ configuration: Configuration) -> Double {
        let subject = PassthroughSubject<Int, Never>()
        let sink = Sink()
        let subscriptions = (0..<observers).map { _ in subject.sink { sink.take($0) } }
        let sends = configuration.sends
        defer { withExtendedLifetime(subscriptions) {} }
        return nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                subject.send(value)
            }
        }
    }

    static func notificationCenter(observers: Int, _ configuration: Configuration) -> Double {
        let center = NotificationCenter()
        let name = Notification.Name("bsp.benchmark")
        let sink = Sink()
        let box = Sink()
        let tokens = (0..<observers).map { _ in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                sink.take((note.object as? Sink)?.total ?? 0)
            }
        }
        let sends = configuration.sends / 10  // an order of magnitude slower: keep runs short
        defer {
            for token in tokens {
                center.removeObserver(token)
            }
        }
        return nanosecondsPerOperation(operations: sends, repetitions: configuration.repetitions) {
            for value in 0..<sends {
                box.total = value
                center.post(name: name, object: box)
            }
        }
    }

    /// Yields to `observers` streams and waits until each consumer task has received every
    /// value: AsyncStream's delivery is asynchronous, so the cost of getting there counts.
    static func asyncStream(observers: Int, _ configuration: Configuration) async -> Double {
        let sends = configuration.sends / 10
        var samples: [Double] = []
        for _ in 0..<(configuration.repetitions + 1) {
            var continuations: [AsyncStream<Int>.Continuation] = []
            var consumers: [Task<Int, Never>] = []
            for _ in 0..<observers {
                let (stream, continuation) = AsyncStream<Int>.makeStream()
                continuations.append(continuation)
                consumers.append(
                    Task.detached {
                        var total = 0
                        for await value in stream { total &+= value }
                        return total
                    })
            }
            let start = ContinuousClock.now
            for value in 0..<sends {
                for continuation in continuations {
                    continuation.yield(value)
                }
            }
            for continuation in continuations {
                continuation.finish()
            }
            for consumer in consumers {
                _ = await consumer.value
            }
            let elapsed = ContinuousClock.now - start
            samples.append(
                Double(elapsed.components.attoseconds) / 1e9 / Double(sends)
                    + Double(elapsed.components.seconds) * 1e9 / Double(sends))
        }
        return median(Array(samples.dropFirst()))
    }
}
