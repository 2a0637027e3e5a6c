/// Who handles a request notifier: one handler at a time, kept by its owner or by a registration.
extension RequestNotifier {
    /// Installs the handler of this notifier, for as long as `owner` lives.
    ///
    /// The notifier does not keep the owner alive, and hands it to the handler, held for the
    /// request, so the handler needs no capture of `self`. When the owner is a ``Scope``, the
    /// notifier is bound to it: once the scope terminates, requests are refused with
    /// ``NotifierError/scopeTerminated(_:scope:)``, wherever the notifier is stored.
    ///
    /// A request notifier has one handler. Installing a second while the first's owner lives
    /// is a mistake in the owner's code: the first handler stays, and the context's fault
    /// handler is told ``NotifierFault/handlerAlreadyInstalled(_:)`` (a `TestFabric` records
    /// it as a fault). Installing on a notifier whose scope has terminated is refused the same
    /// way, with ``NotifierFault/scopeTerminated(_:scope:)``.
    ///
    /// - Parameters:
    ///   - owner: The object that handles requests, not kept alive. When it is deallocated, the
    ///     notifier has no handler again. The handler, and what it captured, go with an owner
    ///     that is a ``BSPActor`` (see ``ActorLifetime``), and at the notifier's next request
    ///     with any other owner.
    ///   - handler: Called with the owner and each request; returns the reply.
    public func handle<Owner: AnyObject>(
        by owner: Owner,
        _ handler: @escaping (Owner, Request) -> Reply
    ) {
        if let refusal = installationRefusal {
            return audit.reportFault(refusal)
        }
        guard !BoxedValue.isBox(owner) else {
            return audit.reportFault(NotifierFault.ownerIsNotAnObject(uri))
        }
        let installed = OwnedRequestHandler(owner: owner, handler)
        self.handler = installed
        ActorLifetime.of(owner)?.bind(installed)
        ScopeLifecycle.of(owner)?.bind(self)
    }

    /// Installs the handler of this notifier until the returned registration is cancelled or released.
    ///
    /// A handler as ``handle(by:_:)`` installs one, kept by a registration instead of by an owner, as
    /// ``EventNotifier/observe(_:)`` keeps an observer: for a handler that needs no owner, such
    /// as a function of what it captured. No owner is looked up on each request, so a request
    /// costs what an event costs sent to an observer kept by a registration.
    ///
    /// ```swift
    /// let handling = geocoder.requests.handle { address in Place(name: address) }
    /// ```
    ///
    /// Keep the registration for as long as the handler should serve: in a property of whatever owns
    /// the notifier, or in a scope's `lifecycle.own(_:)`. The handler must not capture whatever
    /// holds the registration strongly, or neither is ever released; prefer ``handle(by:_:)``, which
    /// cannot leak. A second handler, however it is kept, is refused as
    /// ``handle(by:_:)`` refuses one: the returned registration is already cancelled.
    ///
    /// - Parameter handler: Called with each request; returns the reply.
    /// - Returns: The registration that keeps the handler installed. Cancelling it, or releasing it,
    ///   removes the handler as ``removeHandler()`` does — unless another has replaced it since.
    public func handle(_ handler: @escaping (Request) -> Reply) -> Registration {
        if let refusal = installationRefusal {
            audit.reportFault(refusal)
            return .cancelled
        }
        let installed = RegisteredRequestHandler(handler)
        self.handler = installed
        // Weakly: a registration holds neither the notifier nor, once it is removed, the handler.
        return Registration { [weak self, weak installed] in
            if let self, let installed, self.handler === installed {
                self.removeHandler()
            }
        }
    }

    /// Removes the handler, if any, so that requests are undelivered until another is installed.
    ///
    /// The handler, and what it captured, are released at once — or, when the handler removes
    /// itself while it handles a request, once that request returns.
    public func removeHandler() {
        handler = nil
    }

    /// Whether a handler whose owner is alive is installed.
    public var isHandled: Bool {
        handler?.owner != nil
    }

    /// Why a handler cannot be installed now, if it cannot: the notifier's scope has
    /// terminated, or a handler whose owner lives is installed already.
    private var installationRefusal: NotifierFault? {
        if let terminatedScope {
            return .scopeTerminated(uri, scope: terminatedScope)
        }
        return isHandled ? .handlerAlreadyInstalled(uri) : nil
    }
}
