/// An actor that exposes its state, so that a test can account for every change of it.
///
/// BSP keeps state inside actors, and a test usually checks what an actor *says*: the
/// notifications it sends. Where state that no notification shows matters — a timer that must
/// stop counting while an alert is up — the actor opts in by exposing it, and BSPTesting's
/// `trackState(of:)` then fails a test on any change of it that no `expectState(of:_:)`
/// accounted for.
///
/// ```swift
/// final class MeetingBehaviour: StatefulActor {
///     struct State: Equatable { var secondsElapsed = 0, alertShown = false }
///     let uri: ActorURI = "/actor/behaviour/meeting"
///     private(set) var state = State()
/// }
/// ```
public protocol StatefulActor: BSPActor {
    /// The state the actor exposes: a value, compared with `==`.
    associatedtype State: Equatable

    /// The actor's state now.
    var state: State { get }
}
