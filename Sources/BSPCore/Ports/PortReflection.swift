// What reflection shows of a port: its notifier's URI, and nothing it holds.
//
// A port is a capability: it may send requests, or observe events, and no more. Reflection
// (`Mirror`, `dump`, the text of a failed expectation) would otherwise reach the notifier the
// port holds, and through it the handler that only the notifier's owner may install or remove.

extension RequestPort: CustomReflectable {
    /// The port as reflection shows it: its notifier's URI alone.
    public var customMirror: Mirror {
        Mirror(self, children: ["uri": uri], displayStyle: .struct)
    }
}

extension EventPort: CustomReflectable {
    /// The port as reflection shows it: its notifier's URI alone.
    public var customMirror: Mirror {
        Mirror(self, children: ["uri": uri], displayStyle: .struct)
    }
}

extension AsyncRequestPort: CustomReflectable {
    /// The port as reflection shows it: its notifier's URI alone.
    public var customMirror: Mirror {
        Mirror(self, children: ["uri": uri], displayStyle: .struct)
    }
}
