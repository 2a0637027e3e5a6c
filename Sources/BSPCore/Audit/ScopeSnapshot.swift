/// The innermost active scope of a context as a notifier last saw it.
@usableFromInline
struct ScopeSnapshot {
    /// The version of the context's scopes it was taken at; none matches at first.
    var version = Int64.min
    var scope: ActorURI?

    @usableFromInline
    init() {}

    init(version: Int64, scope: ActorURI?) {
        self.version = version
        self.scope = scope
    }
}
