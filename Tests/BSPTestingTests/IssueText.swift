@_spi(Inspection) import BSPCore
import Testing

extension Issue {
    /// What the library said when it recorded the issue.
    var text: String {
        comments.map(\.rawValue).joined()
    }
}

/// The text of the issue `body` records, which the test expects.
func failureText(_ body: () -> Void) -> String {
    let text = Locked("")
    withKnownIssue {
        body()
    } matching: { issue in
        text.withLock { $0 = issue.text }
        return true
    }
    return text.withLock { $0 }
}

/// The text of the one issue `body` records, expected as known, for an asynchronous body.
func asyncFailureText(_ body: () async -> Void) async -> String {
    let text = Locked("")
    await withKnownIssue {
        await body()
    } matching: { issue in
        text.withLock { $0 = issue.text }
        return true
    }
    return text.withLock { $0 }
}
