import HTTPTypes
public import Hummingbird

/// Refuses every request that is not a read from this inspector's own page or its user: safe
/// by default on a machine where other pages and programs run.
///
/// A request must be a `GET`; name the inspector's own address as its `Host`, once, and as
/// nothing else (a page of another site that rebinds its name to 127.0.0.1 names its own); come
/// from no other origin (`Origin`, `Sec-Fetch-Site`); and carry the token.
public struct AccessPolicy: RouterMiddleware {
    /// The token every request must carry, as `?token=`.
    public let token: AccessToken
    /// Told of each refusal, to tell the person running the inspector.
    let onRefusal: @Sendable (Refusal, Request) -> Void

    /// A policy requiring `token`, telling `onRefusal` of each request refused.
    public init(token: AccessToken, onRefusal: @escaping @Sendable (Refusal, Request) -> Void = { _, _ in }) {
        self.token = token
        self.onRefusal = onRefusal
    }

    /// Answers `request` with a refusal, or passes it on and adds ``headers`` to the answer.
    public func handle(
        _ request: Request, context: InspectorContext, next: (Request, InspectorContext) async throws -> Response
    ) async throws -> Response {
        if let refusal = refusal(of: request, port: context.port) {
            onRefusal(refusal, request)
            return Self.response(to: refusal)
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: Self.headers)
        return response
    }

    /// Why `request`, which came in on `port`, is refused, if it is.
    func refusal(of request: Request, port: Int?) -> Refusal? {
        guard request.method == .get else {
            return .methodNotAllowed(request.method)
        }
        let addresses = Self.addresses(port: port)
        guard let host = request.head.authority, addresses.contains(host.lowercased()) else {
            return .foreignHost(request.head.authority)
        }
        // A second `Host` names another host as well: which one a server reads is not a rule to
        // rely on. (An address in the request's target, `GET http://other/`, which only a proxy
        // is sent, never reaches here: the server reads the host from `Host` alone.)
        let otherHosts = request.headers[values: Self.host]
        guard otherHosts.isEmpty else {
            return .foreignHost(otherHosts.first)
        }
        if let origin = request.headers[.origin], !addresses.contains(where: { "http://\($0)" == origin.lowercased() })
        {
            return .foreignOrigin(origin)
        }
        if let site = request.headers[Self.secFetchSite], site != "same-origin", site != "none" {
            return .foreignOrigin(site)
        }
        guard let given = request.uri.queryParameters["token"], token.isMatched(by: given) else {
            return .missingToken
        }
        return nil
    }

    /// The names of the inspector's address a browser on this machine may use.
    static func addresses(port: Int?) -> [String] {
        guard let port else { return [] }
        return ["127.0.0.1:\(port)", "localhost:\(port)"]
    }

    /// What every answer carries: never cached, never framed, never sniffed, and the address
    /// with its token never sent on as a referrer.
    static let headers: HTTPFields = [
        .cacheControl: "no-store",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    /// The `Host` field, where a second one is left among the fields.
    static let host = HTTPField.Name("Host")!

    /// What a browser says of where a request comes from: its own page is `same-origin`, an
    /// address typed in is `none`.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    static func response(to refusal: Refusal) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        if case .methodNotAllowed = refusal { headers[.allow] = "GET" }
        return Response(
            status: refusal.status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: "bsp-inspect: \(refusal)\n")))
    }
}
