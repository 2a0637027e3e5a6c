/// A notifier that stops accepting notifications once the scope that owns it terminates.
protocol ScopeBoundNotifier: AnyObject {
    /// Called once, when `scope`, which holds this notifier, has terminated.
    func scopeDidTerminate(_ scope: ActorURI)
}
