extension ScopeStack {
    /// A request to change the stack, sent on ``ScopeStack/requests``.
    public enum Request {
        /// Push the scope and activate it.
        case push(any Scope)
        /// Pop the top scope; if `expected` is given, it must be the top scope's URI.
        case pop(expected: ActorURI?)
        /// Pop every scope above the one with this URI.
        case popAbove(ActorURI)
        /// Pop the top scope and push this one.
        case replaceTop(with: any Scope)
        /// Suspend every scope above the one with this URI, or all of them.
        case suspend(above: ActorURI?)
        /// Rebuild scopes from records, making each with the closure.
        case resume([ScopeRecord], make: (ScopeRecord) -> (any Scope)?)

        /// The request's verb, for error messages.
        var verb: String {
            switch self {
            case .push: "push"
            case .pop: "pop"
            case .popAbove: "pop above"
            case .replaceTop: "replace"
            case .suspend: "suspend"
            case .resume: "resume"
            }
        }
    }

    /// What a request to the stack did.
    public enum Reply {
        /// The scope was pushed.
        case pushed
        /// These scopes were popped, top first.
        case popped([ScopeExit])
        /// These scopes were suspended; the records are bottom first.
        case suspended([ScopeRecord])
        /// Resumption got this far.
        case resumed(ResumeOutcome)
        /// Another transition was running; the request will run when it completes.
        case queued

        var exits: [ScopeExit] {
            if case .popped(let exits) = self { exits } else { [] }
        }
    }
}

extension ScopeStack.Request: CustomStringConvertible {
    /// The request as the audit trail shows it, naming the scopes involved.
    public var description: String {
        switch self {
        case .push(let scope): "push(\(scope.uri))"
        case .pop(let expected): expected.map { "pop(\($0))" } ?? "pop"
        case .popAbove(let scope): "popAbove(\(scope))"
        case .replaceTop(let scope): "replaceTop(with: \(scope.uri))"
        case .suspend(let scope): scope.map { "suspend(above: \($0))" } ?? "suspend"
        case .resume(let records, _): "resume(\(records.map(\.scope.path).joined(separator: ", ")))"
        }
    }
}
