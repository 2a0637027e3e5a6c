public import BSPCore

extension ScopeStack {
    /// Pops the top scope, expecting it and its companion to be deallocated with it.
    ///
    /// Hold no reference to the scope or its companion in the test, then:
    ///
    /// ```swift
    /// try stack.push(DetailScope(account: savings))
    /// try stack.popExpectingRelease()   // fails naming the scope's URI if anything keeps it
    /// ```
    ///
    /// - Returns: The popped scope and its result.
    /// - Throws: ``ScopeStackError`` when the pop itself fails.
    @discardableResult
    public func popExpectingRelease(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScopeStackError) -> ScopeExit? {
        let watched = LeakWatch(top)
        let exit = try pop()
        let leaks = watched.survivors()
        if !leaks.isEmpty {
            TestFailure.record(
                "After the pop, \(leaks.joined(separator: " and ")) "
                    + "\(leaks.count == 1 ? "was" : "were") not deallocated: something still holds "
                    + "\(leaks.count == 1 ? "it" : "them") (a stored closure, an observation not handed to "
                    + "the lifecycle, a task).",
                at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return exit
    }
}

/// Weak references to a scope and its companion, naming whichever outlives its pop.
private struct LeakWatch {
    private let watched: [(uri: ActorURI, reference: WeakReference)]

    init(_ scope: (any Scope)?) {
        var watched: [(ActorURI, WeakReference)] = []
        if let scope {
            watched.append((scope.uri, WeakReference(scope)))
            if let companion = scope.companion {
                watched.append((companion.uri, WeakReference(companion)))
            }
        }
        self.watched = watched
    }

    func survivors() -> [String] {
        watched.filter { $0.reference.object != nil }.map { "scope '\($0.uri)'" }
    }
}

private final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
