public import HTTPTypes

/// Why the inspector refused a request: each answer names what was wrong, never the token.
public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The inspector only reads: it answers `GET` alone.
    case methodNotAllowed(HTTPRequest.Method)
    /// The request named another host, as a page of another site that rebinds its name to
    /// this machine does.
    case foreignHost(String?)
    /// The request came from a page of another origin.
    case foreignOrigin(String)
    /// The request lacks the token printed at start, or has another.
    case missingToken

    /// The status of the answer.
    public var status: HTTPResponse.Status {
        switch self {
        case .methodNotAllowed: .methodNotAllowed
        case .foreignHost: .misdirectedRequest
        case .foreignOrigin, .missingToken: .forbidden
        }
    }

    /// The refusal in words, as the answer's body and the inspector's log say it.
    public var description: String {
        switch self {
        case .methodNotAllowed(let method): "the inspector only reads: \(method) is not answered"
        case .foreignHost(let host): "the request names the host '\(host ?? "")', not this inspector's"
        case .foreignOrigin(let origin): "a page of '\(origin)' may not read this inspector"
        case .missingToken: "the address lacks the token bsp-inspect printed at start"
        }
    }
}
