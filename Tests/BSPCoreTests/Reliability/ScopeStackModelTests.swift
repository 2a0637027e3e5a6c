import BSPCore
import TestSupport
import Testing

/// Random sequences of push, pop, pop-to, replace, suspend and resume — including cascades of
/// pushes requested from inside `activate()`, up to seven deep, and pops from inside
/// `deactivate()`, which are queued —
/// checked after every step against a reference stack: the scopes, their companions, their
/// states, the typed errors, the reported faults, and that nothing popped stays alive.
/// Replay a failure with `BSP_SEED=<seed> swift test`.
@Suite("Model-based: scope stacks")
struct ScopeStackModelTests {
    /// What a scope does by itself: push a child when it activates, pop when it deactivates.
    struct Script: Equatable {
        var name: String
        var hasView = false
        var child: String?
        var popsOnDeactivate = false
        /// How many generations the child's own cascade goes on: the child pushes a child too.
        var descendants = 0

        /// The child this scope pushes when it activates, if any.
        var childScript: Script? {
            child.map { Script(name: $0, child: descendants > 0 ? $0 + "c" : nil, descendants: descendants - 1) }
        }
    }

    final class ScriptedView: PresentationScope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        var view: String { uri.path }
        init(_ name: String) { uri = try! ActorURI(validating: "/actor/presentation/scope/\(name)") }
    }

    final class ScriptedScope: Scope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        let companion: (any Scope)?
        let script: Script
        var refusesResume = false
        unowned let stack: ScopeStack

        init(_ script: Script, on stack: ScopeStack) {
            uri = try! ActorURI(validating: "/actor/behaviour/scope/\(script.name)")
            companion = script.hasView ? ScriptedView(script.name) : nil
            self.script = script
            self.stack = stack
        }

        func activate() {
            if let child = script.childScript, lifecycle.resumeRecord == nil {
                try? stack.push(ScriptedScope(child, on: stack))
            }
        }

        func deactivate() {
            if script.popsOnDeactivate { _ = try? stack.pop() }
        }

        func suspend() -> ScopeRecord { ScopeRecord(scope: uri, values: ["name": script.name]) }

        func resume(from record: ScopeRecord) -> ResumeDecision {
            refusesResume ? .refuse(reason: "scripted") : .proceed
        }
    }

    enum Operation {
        case push(Script)
        case pushExisting(String)
        case pop
        case popAbove(String)
        case replace(Script)
        case suspend(above: String?)
        case resume(refusing: String?)
    }

    // MARK: The reference: the documented semantics, as plainly as possible

    struct Model {
        static let stackURI: ActorURI = "/actor/behaviour/stack"
        var stack: [Script] = []
        var scripts: [String: Script] = [:]
        var pending: [Operation] = []
        var transitioning = false
        var faults = 0

        static func uri(_ name: String) -> ActorURI { try! ActorURI(validating: "/actor/behaviour/scope/\(name)") }

        /// Runs a request now, or queues it when a transition is running.
        mutating func request(_ operation: Operation) -> ScopeStackError? {
            if transitioning {
                pending.append(operation)
                return nil
            }
            transitioning = true
            defer { transitioning = false }
            let error = run(operation)
            while !pending.isEmpty {
                if run(pending.removeFirst()) != nil { faults += 1 }
            }
            return error
        }

        private mutating func run(_ operation: Operation) -> ScopeStackError? {
            switch operation {
            case .push(let script): return push(script, resuming: false)
            case .pushExisting(let name): return .alreadyOnStack(scope: Self.uri(name), stack: Self.stackURI)
            case .pop:
                guard !stack.isEmpty else { return .emptyStack(stack: Self.stackURI) }
                popTop()
            case .popAbove(let name):
                guard let index = stack.lastIndex(where: { $0.name == name }) else {
                    return .notOnStack(scope: Self.uri(name), stack: Self.stackURI)
                }
                while stack.count > index + 1 { popTop() }
            case .replace(let script):
                guard !stack.isEmpty else { return .emptyStack(stack: Self.stackURI) }
                popTop()
                return push(script, resuming: false)
            case .suspend, .resume:
                fatalError("suspend and resume are modelled by the test, which knows the records")
            }
            return nil
        }

        mutating func push(_ script: Script, resuming: Bool) -> ScopeStackError? {
            guard !stack.contains(where: { $0.name == script.name }) else {
                return .alreadyOnStack(scope: Self.uri(script.name), stack: Self.stackURI)
            }
            stack.append(script)
            scripts[script.name] = script
            if let child = script.childScript, !resuming {
                _ = request(.push(child))
            }
            return nil
        }

        mutating func popTop() {
            let top = stack.removeLast()
            if top.popsOnDeactivate { _ = request(.pop) }
        }

        /// Suspends the scopes above `name`, top first, and returns the suspended names.
        mutating func suspend(above name: String?) -> [String] {
            transitioning = true
            let floor = name.flatMap { name in stack.lastIndex { $0.name == name } }.map { $0 + 1 } ?? 0
            var names: [String] = []
            while stack.count > floor {
                names.insert(stack.last!.name, at: 0)
                popTop()
            }
            transitioning = false
            while !pending.isEmpty {
                transitioning = true
                if run(pending.removeFirst()) != nil { faults += 1 }
                transitioning = false
            }
            return names
        }

        mutating func resume(_ names: [String], refusing: String?) {
            for name in names {
                guard let script = scripts[name], push(script, resuming: true) == nil, name != refusing else { break }
            }
        }
    }

    // MARK: Generating steps

    static func operation(_ random: inout SeededRandom, model: Model, next: inout Int) -> Operation {
        func fresh() -> Script {
            next += 1
            return Script(
                name: "s\(next)", hasView: Bool.random(using: &random),
                child: Int.random(in: 0..<4, using: &random) == 0 ? "c\(next)" : nil,
                popsOnDeactivate: Int.random(in: 0..<8, using: &random) == 0,
                descendants: Int.random(in: 0..<7, using: &random))
        }
        let names = model.stack.map(\.name)
        switch Int.random(in: 0..<13, using: &random) {
        case 0..<4: return .push(fresh())
        case 4: return names.randomElement(using: &random).map(Operation.pushExisting) ?? .push(fresh())
        case 5, 6: return .pop
        case 7: return .popAbove((names + ["nowhere"]).randomElement(using: &random)!)
        case 8: return .replace(fresh())
        case 9, 10: return .suspend(above: names.randomElement(using: &random))
        default: return .resume(refusing: Bool.random(using: &random) ? nil : names.randomElement(using: &random))
        }
    }

    // MARK: The test

    @Test func theStackMatchesTheModelOnRandomSequences() throws {
        for seed in SeededRandom.seeds(count: 500) {
            try run(seed: seed)
        }
    }

    final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    func run(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let faults = FaultLog()
        let audit = AuditContext { faults.append($0) }
        let presentation = ScopeStack(uri: "/actor/presentation/stack", audit: audit)
        let stack = ScopeStack(uri: Model.stackURI, companions: presentation, audit: audit)
        var model = Model()
        var next = 0
        var suspended: (names: [String], records: [ScopeRecord]) = ([], [])
        var created: [Weak] = []

        func make(_ script: Script, refusing: String? = nil) -> ScriptedScope {
            let scope = ScriptedScope(script, on: stack)
            scope.refusesResume = script.name == refusing
            created.append(Weak(scope))
            if let companion = scope.companion { created.append(Weak(companion)) }
            return scope
        }

        for number in 0..<Int.random(in: 10...40, using: &random) {
            let operation = Self.operation(&random, model: model, next: &next)
            let context: Comment = "seed \(seed), step \(number): \(operation)"
            var error: ScopeStackError?
            var expected: ScopeStackError?
            do throws(ScopeStackError) {
                switch operation {
                case .push(let script):
                    expected = model.request(.push(script))
                    try stack.push(make(script))
                case .pushExisting(let name):
                    expected = model.request(.pushExisting(name))
                    try stack.push(stack.scopes.first { $0.uri == Model.uri(name) }!)
                case .pop:
                    expected = model.request(.pop)
                    try stack.pop()
                case .popAbove(let name):
                    expected = model.request(.popAbove(name))
                    try stack.popAbove(Model.uri(name))
                case .replace(let script):
                    expected = model.request(.replace(script))
                    try stack.replaceTop(with: make(script))
                case .suspend(let name):
                    let names = model.suspend(above: name)
                    let records = try stack.suspend(above: name.map(Model.uri))
                    #expect(records.compactMap { $0["name"] } == names, context)
                    suspended = (names, records)
                case .resume(let refusing):
                    model.resume(suspended.names, refusing: refusing)
                    _ = try stack.resume(from: suspended.records) { record in
                        record["name"].flatMap { model.scripts[$0] }.map { make($0, refusing: refusing) }
                    }
                    suspended = ([], [])
                }
            } catch let thrown {
                error = thrown
            }

            #expect(error == expected, context)
            #expect(stack.scopes.map { String($0.uri.segments.last!) } == model.stack.map(\.name), context)
            #expect(
                presentation.scopes.map { String($0.uri.segments.last!) } == model.stack.filter(\.hasView).map(\.name),
                context)
            #expect(stack.scopes.allSatisfy { $0.lifecycle.state == .active }, context)
            let live = Set((stack.scopes + presentation.scopes).map { ObjectIdentifier($0) })
            let leaked = created.compactMap(\.object).filter { !live.contains(ObjectIdentifier($0)) }
            #expect(leaked.isEmpty, "\(context): \(leaked.count) popped scopes still alive")
            #expect(faults.scopeStack.count == model.faults, context)
            if error != expected || stack.scopes.count != model.stack.count { return }
        }
    }
}
