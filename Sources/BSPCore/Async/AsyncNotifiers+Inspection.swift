// What the package's tools inspect of the asynchronous notifiers: the inventory, replay and
// the probe for handlers that keep their owners alive.

@_spi(Inspection) extension QueuedNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { variety }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }
}

@_spi(Inspection) extension AsyncRequestNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { .request }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }
}

@_spi(Inspection) extension QueuedNotifier: ReplayableNotifier {
    @_spi(Inspection) public func replay(_ record: AuditRecord) -> ReplayOutcome {
        ReplayDecoding.decode(record, as: Notification.self).map { send($0) }
    }

    @_spi(Inspection) public func standIn(replies: [RecordedValue], answer: @escaping () -> RecordedValue?)
        -> StandInOutcome
    {
        .handled
    }
}

@_spi(Inspection) extension AsyncRequestNotifier: ReplayableNotifier {
    @_spi(Inspection) public func replay(_ record: AuditRecord) -> ReplayOutcome {
        .unsupported("an asynchronous request is awaited, which a synchronous replay cannot do")
    }

    @_spi(Inspection) public func standIn(replies: [RecordedValue], answer: @escaping () -> RecordedValue?)
        -> StandInOutcome
    {
        .impossible("an asynchronous request is awaited, which a synchronous replay cannot do")
    }
}

@_spi(Inspection) extension AsyncRequestNotifier: SelfCaptureProbe {
    @_spi(Inspection) public func releaseHandlersKeepingTheirOwnersAlive() -> [SelfCapture] {
        removeOwnedHandler()?.capture(on: uri, as: .handler).map { [$0] } ?? []
    }

    /// Removes the handler, if an owner keeps it, and returns a probe of the owner.
    private func removeOwnedHandler() -> OwnerProbe? {
        guard let owner = ownerOfHandler else { return nil }
        let probe = OwnerProbe(owner)
        removeHandler()
        return probe
    }
}
