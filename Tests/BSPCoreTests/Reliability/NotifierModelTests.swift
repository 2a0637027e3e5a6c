import BSPCore
import TestSupport
import Testing

/// Random programs of observe, cancel and emit — including cancels, observes and emits from
/// inside handlers — run against the real notifier and against a reference model of the
/// semantics (registration order, cancel at once, no delivery to observers added mid-send,
/// re-entrant emits queued). Replay a failure with `BSP_SEED=<seed> swift test`.
@Suite("Model-based: event notifiers")
struct NotifierModelTests {
    /// What an observer does when it receives a given value.
    enum Reaction: Hashable {
        case cancelSelf
        case cancel(observer: Int)
        case observe
        case emit(Int)
    }

    /// One observer's script: which reaction, on which value.
    struct Script {
        var reactions: [Int: Reaction] = [:]
    }

    enum Step {
        case observe(Script)
        case cancel(observer: Int)
        case emit(Int)
    }

    // MARK: The reference model

    /// The semantics of `EventNotifier`, written as plainly as possible.
    struct Model {
        var scripts: [Script] = []
        var active: [Bool] = []
        var log: [String] = []
        var queue: [Int] = []
        var delivering = false

        mutating func observe(_ script: Script) {
            scripts.append(script)
            active.append(true)
        }

        mutating func emit(_ value: Int) {
            if delivering {
                queue.append(value)
                return
            }
            delivering = true
            deliver(value)
            while !queue.isEmpty {
                deliver(queue.removeFirst())
            }
            delivering = false
        }

        private mutating func deliver(_ value: Int) {
            let count = scripts.count
            for id in 0..<count where active[id] {
                log.append("\(id)←\(value)")
                switch scripts[id].reactions[value] {
                case .cancelSelf?: active[id] = false
                case .cancel(let other)? where other < active.count: active[other] = false
                case .observe?: observe(Script())
                case .emit(let next)?: emit(next)
                case .cancel?, nil: break
                }
            }
        }
    }

    // MARK: The real notifier, running the same scripts

    final class Real {
        let notifier = EventNotifier<Int>(of: "/actor/model")
        var tokens: [Registration] = []
        var log: [String] = []

        func observe(_ script: Script) {
            let id = tokens.count
            tokens.append(
                notifier.observe { [unowned self] value in
                    log.append("\(id)←\(value)")
                    switch script.reactions[value] {
                    case .cancelSelf?: tokens[id].cancel()
                    case .cancel(let other)? where other < tokens.count: tokens[other].cancel()
                    case .observe?: observe(Script())
                    case .emit(let next)?: notifier.emit(next)
                    case .cancel?, nil: break
                    }
                })
        }
    }

    static func program(seed: UInt64) -> [Step] {
        var random = SeededRandom(seed: seed)
        var observers = 0
        return (0..<Int.random(in: 5...40, using: &random)).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                var script = Script()
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let value = Int.random(in: 0..<6, using: &random)
                    script.reactions[value] = [
                        .cancelSelf, .cancel(observer: Int.random(in: 0...observers, using: &random)), .observe,
                        .emit(value + Int.random(in: 1...3, using: &random)),
                    ].randomElement(using: &random)
                }
                observers += 1
                return .observe(script)
            case 4:
                return .cancel(observer: Int.random(in: 0...max(0, observers), using: &random))
            default:
                return .emit(Int.random(in: 0..<6, using: &random))
            }
        }
    }

    @Test func theNotifierMatchesTheModelOnThousandsOfRandomPrograms() {
        for seed in SeededRandom.seeds(count: 3_000) {
            var model = Model()
            let real = Real()
            for step in Self.program(seed: seed) {
                switch step {
                case .observe(let script):
                    model.observe(script)
                    real.observe(script)
                case .cancel(let id):
                    if id < model.active.count { model.active[id] = false }
                    if id < real.tokens.count { real.tokens[id].cancel() }
                case .emit(let value):
                    model.emit(value)
                    real.notifier.emit(value)
                }
                guard real.log == model.log else {
                    Issue.record(
                        "seed \(seed): after \(step), deliveries differ.\nmodel: \(model.log)\nreal:  \(real.log)")
                    return
                }
                let live = model.active.filter { $0 }.count
                guard real.notifier.observerCount == live else {
                    Issue.record("seed \(seed): \(real.notifier.observerCount) observers, the model has \(live)")
                    return
                }
            }
        }
    }
}
