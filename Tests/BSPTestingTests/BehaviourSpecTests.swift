import BSPCore
import BSPTesting
import Testing

/// A tiny evaluator in the style of "The Value is the Boundary": tapping the background shows
/// the controls and reschedules their disappearance.
enum Controls {
    struct Model: Equatable {
        var visible = false
    }
    enum Event { case backgroundTapped, hideTimerFired }
    enum Effect: Equatable {
        case show
        case hide
        case scheduleHide(seconds: Int)
    }

    static func evaluate(_ model: Model, _ event: Event) -> (model: Model, effects: [Effect]) {
        switch event {
        case .backgroundTapped: (Model(visible: true), [.show, .scheduleHide(seconds: 4)])
        case .hideTimerFired: model.visible ? (Model(visible: false), [.hide]) : (model, [])
        }
    }
}

@Suite("Given/when/then")
struct BehaviourSpecTests {
    let spec = BehaviourSpec(Controls.evaluate)

    @Test func givenAModelWhenAnEventThenTheNewModelAndItsEffects() {
        spec.given(Controls.Model())
            .when(.backgroundTapped)
            .then(model: Controls.Model(visible: true), effects: [.show, .scheduleHide(seconds: 4)])
    }

    @Test func severalEventsThreadTheModelAndCollectTheEffects() {
        spec.given(Controls.Model())
            .when(.backgroundTapped, .hideTimerFired, .hideTimerFired)
            .then(model: Controls.Model(visible: false), effects: [.show, .scheduleHide(seconds: 4), .hide])
    }

    @Test func aCustomAssertionSeesTheOutcome() {
        spec.given(Controls.Model(visible: true)).when(.hideTimerFired).then { model, effects in
            #expect(!model.visible)
            #expect(effects == [.hide])
        }
    }

    @Test func aDifferenceIsReportedAtTheCallersLineWithBothSides() {
        withKnownIssue {
            spec.given(Controls.Model())
                .when(.backgroundTapped)
                .then(model: Controls.Model(visible: false), effects: [.show, .scheduleHide(seconds: 5)])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("model:\n  expected: Model(visible: false)\n    actual: Model(visible: true)")
                && text.contains("  = show\n  − scheduleHide(seconds: 5)\n  + scheduleHide(seconds: 4)")
                && issue.sourceLocation?.fileName == "BehaviourSpecTests.swift"
        }
    }
}
