import BSPCore

/// What the Behaviour can ask of the portal service.
enum PortalRequest: Equatable, Codable {
    case verifyHosting
    case discoverPortal
    case openSecureConnection
    case logIn(user: String, password: Private<String>)
    case fetchAccounts(token: Private<String>)
    case fetchTransactions(token: Private<String>, account: String)
    case logOut(token: Private<String>)
}

/// What the portal service reports: answers from the portal, and the OS's app lifecycle.
enum PortalEvent: Equatable, Codable {
    case hostingVerified(certificates: Int)
    case portalDiscovered(name: String)
    case secureConnectionOpened
    case loggedIn(Session)
    case logInRefused(reason: String)
    case accountsFetched([Account])
    case transactionsFetched(account: String, [Transaction])
    case loggedOut
    case requestRefused(reason: String)
    case didEnterBackground
    case willEnterForeground
}

/// The bi-way requests for one-time session keys: the reply is the answer.
enum SessionKeyRequest: Equatable, Codable {
    case issueOneTimeKey(token: Private<String>)
    case resume(key: Private<String>)
}

/// The answer to a ``SessionKeyRequest``.
enum SessionKeyReply: Equatable, Codable {
    case issued(key: Private<String>)
    case resumed(Session)
    case refused(reason: String)
}
