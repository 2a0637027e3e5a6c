import BSPCore

/// A request notifier nobody handles, and an echo: the smallest systems that fault and talk.
final class Quiet: UniqueActor {
    static let uri: ActorURI = "/actor/quiet"
    let lifetime = ActorLifetime()
    let unheard = RequestNotifier<String, Void>(of: Quiet.uri, named: "unheard")
    let said = EventNotifier<String>(of: Quiet.uri, named: "said")
    let requests = RequestNotifier<String, Void>(of: Quiet.uri)

    init() {
        requests.handle(by: self) { quiet, text in
            quiet.said.emit("heard \(text)")
            quiet.said.emit("and again \(text)")
        }
    }
}
