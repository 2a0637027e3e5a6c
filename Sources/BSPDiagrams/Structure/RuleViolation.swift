public import BSPCore

/// A breach of one of BSP's own rules of structure, found by ``StructureReport``.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum RuleViolation: Hashable, Sendable {
    /// A Service and a Presentation actor notified each other directly: `sender` sent on
    /// `notifier`, which `receiver` received. They must talk only through the Behaviour.
    case serviceAndPresentationConnected(sender: ActorURI, notifier: NotifierURI, receiver: ActorURI)

    /// `owner` handles `notifier`, whose URI does not lie under the owner's: a notifier's URI
    /// must lie under its owner's.
    case notifierOutsideOwner(NotifierURI, owner: ActorURI)

    /// `emitter`, which does not own `notifier`, emitted on it: only the owner emits on its
    /// event notifiers.
    case emittedByOther(NotifierURI, emitter: ActorURI)

    /// `notifier` is a request notifier with no handler: requests sent to it are not delivered.
    case unhandledRequests(NotifierURI)

    /// `actor` plays a part in `role` that its connection pattern contradicts: a Presentation
    /// or a Service that waits for another actor's reply (a bi-way output) drives the
    /// workflow, which is the Behaviour's. Both are thin: they report, and do what they are
    /// told.
    case patternContradictsRole(ActorURI, pattern: ConnectionPattern, role: ActorRole)
}

extension RuleViolation: CustomStringConvertible {
    /// A sentence naming the URIs involved and the rule.
    public var description: String {
        switch self {
        case .serviceAndPresentationConnected(let sender, let notifier, let receiver):
            "'\(sender)' notified '\(receiver)' directly on '\(notifier)': Service and Presentation talk only "
                + "through the Behaviour."
        case .notifierOutsideOwner(let notifier, let owner):
            "'\(owner)' handles '\(notifier)', which does not lie under its URI: a notifier's URI lies under its "
                + "owner's."
        case .emittedByOther(let notifier, let emitter):
            "'\(emitter)' emitted on '\(notifier)', which it does not own: only the owner emits on its event notifiers."
        case .unhandledRequests(let notifier):
            "Request notifier '\(notifier)' has no handler: requests sent to it are not delivered."
        case .patternContradictsRole(let actor, let pattern, let role):
            "'\(actor)' is a \(pattern): a \(role == .presentation ? "Presentation" : "Service") that waits for another actor's reply drives "
                + "the workflow, which is the Behaviour's."
        }
    }
}
