import BSPCore

/// The Presentation actor: the meeting's screen, and the alert it may put up.
@MainActor
final class MeetingScreen: UniqueActor {
    /// What the screen shows while the meeting runs.
    struct Shown: Equatable, Sendable, Codable {
        var speaker: String
        var speakerNumber: Int
        var ticksLeft: Int
    }
    enum Request: Equatable, Sendable, Codable {
        case show(Shown)
        case alert(Alert)
        case dismissAlert
    }
    /// The alert that asks whether to end the meeting.
    enum Alert: Equatable, Sendable, Codable {
        /// Ending early may discard the meeting; ending at the last speaker saves it or resumes.
        case endMeeting(isDiscardable: Bool)
    }
    enum Event: Equatable, Sendable, Codable {
        case nextTapped
        case endTapped
        case alertButtonTapped(AlertButton)
    }
    enum AlertButton: Equatable, Sendable, Codable { case save, discard, resume }
    typealias Ports = ActorPorts<Request, Void, Event>

    nonisolated static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Request, Void>(of: MeetingScreen.uri)
    let events = EventNotifier<Event>(of: MeetingScreen.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    /// What the screen says now, for the console and the tests.
    private(set) var label = ""
    var onChange: ((String) -> Void)?

    init() {
        requests.handle(by: self) { screen, request in screen.render(request) }
    }

    private func render(_ request: Request) {
        switch request {
        case .show(let shown):
            label = "\(shown.speaker) speaking (\(shown.speakerNumber)), \(shown.ticksLeft) left"
        case .alert(.endMeeting(let isDiscardable)):
            label = isDiscardable ? "End meeting? [save] [discard] [resume]" : "End meeting? [save] [resume]"
        case .dismissAlert:
            return
        }
        onChange?(label)
    }

    func nextTapped() { events.emit(.nextTapped) }
    func endTapped() { events.emit(.endTapped) }
    func tapped(_ button: AlertButton) { events.emit(.alertButtonTapped(button)) }
}
