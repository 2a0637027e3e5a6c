import BSPCore

/// The Service actor that keeps the meetings held.
@MainActor
final class HistoryService: UniqueActor {
    enum Request: Equatable, Sendable, Codable { case save(Meeting) }
    typealias Ports = ActorPorts<Request, Void, Never>

    nonisolated static let uri: ActorURI = "/actor/service/history"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Request, Void>(of: HistoryService.uri)
    let events = EventNotifier<Never>(of: HistoryService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    private(set) var meetings: [Meeting] = []

    init() {
        requests.handle(by: self) { history, request in
            guard case .save(let meeting) = request else { return }
            history.meetings.append(meeting)
        }
    }
}
