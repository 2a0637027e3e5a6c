/// A scope stack request as a trail records it — `push(/actor/behaviour/scope/login)` on a
/// stack's request notifier — read back for diagrams.
struct ScopeStackRequestText {
    /// The request's verb: push, pop, popTo, replaceTop, suspend or resume.
    let verb: String
    /// The text between the parentheses, if any.
    let argument: String?

    init?(_ record: AuditRecord) {
        guard record.variety == .request, record.notifier.name == "request" else { return nil }
        let text = record.notification
        let verb = String(text.prefix { $0.isLetter })
        guard ["push", "pop", "popTo", "replaceTop", "suspend", "resume"].contains(verb) else { return nil }
        self.verb = verb
        if text.dropFirst(verb.count).first == "(", text.last == ")" {
            argument = String(text.dropFirst(verb.count + 1).dropLast())
        } else {
            argument = nil
        }
    }

    /// The scope a push or replace put on the stack.
    var pushedScope: ActorURI? {
        switch verb {
        case "push": argument.flatMap { try? ActorURI(validating: $0) }
        case "replaceTop": argument.flatMap { try? ActorURI(validating: String($0.dropFirst("with: ".count))) }
        default: nil
        }
    }

    /// A mark for a sequence diagram: ▲ for scopes going on, ▼ for scopes coming off.
    var mark: String {
        ["push", "replaceTop", "resume"].contains(verb) ? "▲" : "▼"
    }
}
