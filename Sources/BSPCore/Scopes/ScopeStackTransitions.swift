/// The transitions themselves: run one request at a time, queuing those that arrive meanwhile.
extension ScopeStack {
    func perform(_ request: Request) -> Result<Reply, ScopeStackError> {
        if round.isTransitioning {
            switch request {
            case .suspend, .resume:
                return .failure(.transitionInProgress(stack: uri, request: request.verb))
            case .push, .pop, .popAbove, .replaceTop:
                let acrossTasks = audit.causeTracking == .acrossTasks
                round.pending.append(
                    (request, AuditFrame.current(in: ThreadFrameSlot.current, acrossTasks: acrossTasks)?.cause))
                return .success(.queued)
            }
        }
        round.isTransitioning = true
        round.transitionsThisRound = 1
        round.runawayReported = false
        defer { round.isTransitioning = false }
        let result = run(request)
        runPending()
        return result
    }

    /// The refusal of a request that would take the current round past ``transitionLimit``,
    /// reported once per round; `nil` while the round is within it.
    func refusalOfRunawayTransitions() -> NotifierError? {
        guard round.isTransitioning, round.transitionsThisRound + round.pending.count >= Self.transitionLimit else {
            return nil
        }
        let refusal = NotifierError.runawayCycle(requestNotifier.uri, limit: Self.transitionLimit)
        if !round.runawayReported {
            round.runawayReported = true
            audit.reportFault(refusal)
        }
        return refusal
    }

    private func runPending() {
        while !round.pending.isEmpty {
            let (request, cause) = round.pending.removeFirst()
            round.transitionsThisRound += 1
            let outcome = cause.flatMap(audit.frame(of:)).map { frame in
                frame.run(as: ActorIdentity(uri), acrossTasks: audit.causeTracking == .acrossTasks) { run(request) }
            }
            if case .failure(let error) = outcome ?? run(request) {
                report(.failed(error))
                audit.reportFault(error)
            }
        }
    }

    private func run(_ request: Request) -> Result<Reply, ScopeStackError> {
        do throws(ScopeStackError) {
            switch request {
            case .push(let scope):
                try pushNow(scope, companion: scope.companion)
                return .success(.pushed)
            case .pop(let expected):
                return .success(.popped([try popNow(expected: expected)]))
            case .popAbove(let scope):
                return .success(.popped(try popNow(to: scope)))
            case .replaceTop(let scope):
                return .success(.popped([try replaceTopNow(with: scope)]))
            case .suspend(let scope):
                return .success(.suspended(try suspendNow(above: scope)))
            case .resume(let records, let make):
                return .success(.resumed(resumeNow(records, make: make)))
            }
        } catch {
            return .failure(error)
        }
    }

    // MARK: Push

    /// Pushes `scope`, with `companion` — read from the scope once, by the caller — and
    /// activates it.
    private func pushNow(
        _ scope: any Scope, companion: (any Scope)?, companionRecord: ScopeRecord? = nil
    ) throws(ScopeStackError) {
        // Read once: each is a protocol requirement of an existential, a call and a retain.
        let (lifecycle, scopeURI) = (scope.lifecycle, scope.uri)
        try checkPushable(scope)
        appendToStack(scope, uri: scopeURI)
        lifecycle.storage.state = .initiating
        lifecycle.scope = scopeURI
        lifecycle.stack = self
        lifecycle.companion = companion
        lifecycle.joinBoundNotifiers(to: audit)
        audit.scopeDidStart(scopeURI)
        do {
            try push(companion, of: scope, record: companionRecord)
        } catch {
            removeTopOfStack()
            lifecycle.storage.state = .inactive
            lifecycle.stack = nil
            lifecycle.companion = nil
            audit.scopeDidEnd(scopeURI)
            throw error
        }
        runAsScope(scope) { scope.activate() }
        lifecycle.storage.state = .active
        report(.pushed(scopeURI))
    }

    private func push(_ companion: (any Scope)?, of scope: any Scope, record: ScopeRecord?) throws(ScopeStackError) {
        guard let companion else { return }
        guard let companions else {
            throw .noCompanionStack(scope: scope.uri, stack: uri)
        }
        companion.lifecycle.storage.resumeRecord = record
        defer { companion.lifecycle.storage.resumeRecord = nil }
        do {
            try companions.push(companion)
            companion.lifecycle.companionOf = scope.lifecycle
        } catch {
            throw .companionFailed(scope: scope.uri, stack: uri, reason: error)
        }
    }

    // MARK: Replace

    /// Pops the top scope and pushes `scope` in its place, having first checked everything
    /// that could fail, so that a failure leaves both stacks exactly as they were.
    private func replaceTopNow(with scope: any Scope) throws(ScopeStackError) -> ScopeExit {
        try checkPushable(scope, above: stack.last?.uri)
        guard !stack.isEmpty else { throw .emptyStack(stack: uri) }
        let companion = scope.companion
        if let companion {
            guard let companions else { throw .noCompanionStack(scope: scope.uri, stack: uri) }
            let leaving = stack.last?.lifecycle.companion?.uri
            do {
                try companions.checkPushable(companion, above: leaving)
            } catch {
                throw .companionFailed(scope: scope.uri, stack: uri, reason: error)
            }
        }
        let exit = try popNow(expected: nil)
        try pushNow(scope, companion: companion)
        return exit
    }

    /// Checks that `scope` could be pushed once the scope `leaving`, if any, and everything
    /// above it had been popped.
    private func checkPushable(_ scope: any Scope, above leaving: ActorURI? = nil) throws(ScopeStackError) {
        switch scope.lifecycle.state {
        case .inactive: break
        case .terminated: throw .terminated(scope: scope.uri, stack: uri)
        case .initiating, .active, .deactivating: throw .alreadyOnStack(scope: scope.uri, stack: uri)
        }
        let scopeURI = scope.uri
        guard uris.contains(scopeURI) else { return }
        // On the stack: refused, unless it is among the scopes a replace takes off.
        let staying = leaving.flatMap { leaving in stack.lastIndex { $0.uri == leaving } }.map { stack[..<$0] }
        if (staying ?? stack[...]).contains(where: { $0.uri == scopeURI }) {
            throw .alreadyOnStack(scope: scopeURI, stack: uri)
        }
    }

    // MARK: Pop

    private func popNow(expected: ActorURI?) throws(ScopeStackError) -> ScopeExit {
        guard let top = stack.last else {
            throw .emptyStack(stack: uri)
        }
        if let expected, expected != top.uri {
            throw contains(expected)
                ? .notOnTop(scope: expected, top: top.uri, stack: uri)
                : .notOnStack(scope: expected, stack: uri)
        }
        return terminateTop(reporting: .popped(top.uri))
    }

    private func popNow(to scope: ActorURI) throws(ScopeStackError) -> [ScopeExit] {
        guard let index = stack.lastIndex(where: { $0.uri == scope }) else {
            throw .notOnStack(scope: scope, stack: uri)
        }
        var exits: [ScopeExit] = []
        while stack.count > index + 1, let top = stack.last {
            exits.append(terminateTop(reporting: .popped(top.uri)))
        }
        return exits
    }

    /// Deactivates and pops the top scope: its companion first, then the scope itself.
    private func terminateTop(reporting transition: ScopeTransition) -> ScopeExit {
        let scope = stack[stack.count - 1]
        let (lifecycle, scopeURI) = (scope.lifecycle, scope.uri)
        lifecycle.storage.state = .deactivating
        popCompanion(of: scope, lifecycle: lifecycle)
        runAsScope(scope) { scope.deactivate() }
        lifecycle.endOwnedWork()
        let exit = ScopeExit(scope: scopeURI, result: scope.result, ownedWork: lifecycle.ownedWorkCompletion)
        removeTopOfStack()
        audit.scopeDidEnd(scopeURI)
        lifecycle.storage.state = .terminated
        lifecycle.stack = nil
        lifecycle.terminateBoundNotifiers()
        lifecycle.companion = nil
        report(transition)
        return exit
    }

    /// Runs a scope's own code so that what it sends names the scope as its source.
    private func runAsScope(_ scope: any Scope, _ body: () -> Void) {
        let acrossTasks = audit.causeTracking == .acrossTasks
        guard audit.isEnabled, let frame = AuditFrame.current(in: ThreadFrameSlot.current, acrossTasks: acrossTasks)
        else { return body() }
        frame.run(as: ActorIdentity(scope.uri), acrossTasks: acrossTasks, body)
    }

    private func popCompanion(of scope: any Scope, lifecycle: ScopeLifecycle) {
        guard let companion = lifecycle.companion, let companions else { return }
        let companionURI = companion.uri
        guard companions.uris.contains(companionURI) else { return }
        do {
            // Scopes pushed over the companion (a modal, say) go with it.
            if companions.stack.last?.uri != companionURI {
                try companions.popAbove(companionURI)
            }
            try companions.pop(companionURI)
        } catch {
            let failure = ScopeStackError.companionFailed(scope: scope.uri, stack: uri, reason: error)
            report(.failed(failure))
            audit.reportFault(failure)
        }
    }

    // MARK: Suspend and resume

    private func suspendNow(above scope: ActorURI?) throws(ScopeStackError) -> [ScopeRecord] {
        var floor = 0
        if let scope {
            guard let index = stack.lastIndex(where: { $0.uri == scope }) else {
                throw .notOnStack(scope: scope, stack: uri)
            }
            floor = index + 1
        }
        var records: [ScopeRecord] = []
        while stack.count > floor, let top = stack.last {
            records.append(record(suspending: top))
            _ = terminateTop(reporting: .suspended(top.uri))
        }
        return records.reversed()
    }

    private func record(suspending scope: any Scope) -> ScopeRecord {
        let companion = scope.lifecycle.companion.map { companion in
            let record = companion.suspend()
            return ScopeRecord.Companion(scope: record.scope, values: record.values)
        }
        var record = scope.suspend()
        record.companion = record.companion ?? companion
        return record
    }

    private func resumeNow(_ records: [ScopeRecord], make: (ScopeRecord) -> (any Scope)?) -> ResumeOutcome {
        for (restored, record) in records.enumerated() {
            guard let scope = make(record) else {
                return stopResuming(at: record.scope, reason: "no scope was made from its record", restored: restored)
            }
            let companion = scope.companion
            let companionRecord = record.companion.map { ScopeRecord(scope: $0.scope, values: $0.values) }
            scope.lifecycle.storage.resumeRecord = record
            defer { scope.lifecycle.storage.resumeRecord = nil }
            do {
                try pushNow(scope, companion: companion, companionRecord: companionRecord)
            } catch {
                return stopResuming(at: record.scope, reason: error.description, restored: restored)
            }
            if let companion, let companionRecord, case .refuse(let reason) = companion.resume(from: companionRecord) {
                return stopResuming(at: companion.uri, reason: reason, restored: restored + 1)
            }
            if case .refuse(let reason) = scope.resume(from: record) {
                return stopResuming(at: scope.uri, reason: reason, restored: restored + 1)
            }
        }
        return .completed(restored: records.count)
    }

    private func stopResuming(at scope: ActorURI, reason: String, restored: Int) -> ResumeOutcome {
        report(.resumeStopped(at: scope, reason: reason))
        return .stopped(at: scope, reason: reason, restored: restored)
    }
}

extension ScopeStack {
    /// Reports `transition` on the transitions notifier, its record carrying the stack change.
    func report(_ transition: ScopeTransition) {
        transitionNotifier.emit(transition, changingStack: transition.stackChange)
    }
}
