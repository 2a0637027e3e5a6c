/// An actor's URI in an object of its own, so that an ``AuditFrame`` can name the actor whose
/// handler runs without retaining anything: whoever runs the handler holds the identity.
@usableFromInline
final class ActorIdentity: Sendable {
    let uri: ActorURI

    init(_ uri: ActorURI) {
        self.uri = uri
    }
}
