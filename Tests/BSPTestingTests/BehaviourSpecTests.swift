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
            let text = issue.text
            return text.contains("model (− expected, + actual):\n  Model(\n−   visible: false\n+   visible: true\n  )")
                && text.contains("  .show\n− .scheduleHide(seconds: 5)\n+ .scheduleHide(seconds: 4)")
                && issue.sourceLocation?.fileName == "BehaviourSpecTests.swift"
        }
    }
}

/// A game whose model nests values, for the structural diff.
enum Game {
    struct Player: Equatable {
        var name: String
        var score: Int
        var badges: [String]
    }
    struct Model: Equatable {
        var level = 1
        var player = Player(name: "Ada", score: 0, badges: [])
        var status = Status.playing(round: 1)
    }
    enum Status: Equatable {
        case playing(round: Int)
        case over
    }
    enum Event {
        case scored(Int)
        case levelUp
    }
    enum Effect: Equatable {
        case play(sound: String)
        case save
        case celebrate(name: String, points: Int)
    }

    static func evaluate(_ model: Model, _ event: Event) -> (model: Model, effects: [Effect]) {
        var model = model
        switch event {
        case .scored(let points):
            model.player.score += points
            model.player.badges.append("scorer")
            return (model, [.play(sound: "ding"), .celebrate(name: model.player.name, points: points), .save])
        case .levelUp:
            model.level += 1
            model.status = .playing(round: model.level)
            return (model, [.save])
        }
    }
}

@Suite("Given/when/then failures")
struct BehaviourSpecFailureTests {
    let spec = BehaviourSpec(Game.evaluate)

    @Test("only the fields that differ are shown, nested ones under their path, with short type names")
    func nestedFields() {
        let text = failureText {
            spec.given(Game.Model()).when(.scored(10), .levelUp)
                .then(
                    model: Game.Model(
                        level: 2, player: Game.Player(name: "Ada", score: 12, badges: ["scorer"]),
                        status: .playing(round: 3)),
                    effects: [.play(sound: "ding"), .celebrate(name: "Ada", points: 10), .save, .save])
        }
        #expect(
            text.contains(
                """
                model (− expected, + actual):
                  Model(
                    player: Player(
                −     score: 12
                +     score: 10
                    )
                    status: .playing(
                −     round: 3
                +     round: 2
                    )
                  )
                """))
        #expect(!text.contains("level"))
        #expect(!text.contains("name: \"Ada\", score"))
        #expect(!text.contains("BSPTestingTests."))
    }

    @Test("one missing effect is one removal: the rest stay aligned")
    func effectsAlignAsADiff() {
        let text = failureText {
            spec.given(Game.Model()).when(.scored(5))
                .then(
                    model: Game.Model(player: Game.Player(name: "Ada", score: 5, badges: ["scorer"])),
                    effects: [.play(sound: "ding"), .play(sound: "fanfare"), .celebrate(name: "Ada", points: 5), .save])
        }
        #expect(
            text.hasSuffix(
                """
                effects (− expected and missing, + actual and extra):
                  .play(sound: "ding")
                − .play(sound: "fanfare")
                  .celebrate(name: "Ada", points: 5)
                  .save

                """))
        #expect(!text.contains("model ("))
    }

    @Test("collections in the model are compared element by element")
    func collectionField() {
        let text = failureText {
            spec.given(Game.Model()).when(.scored(1))
                .then(
                    model: Game.Model(player: Game.Player(name: "Ada", score: 1, badges: ["first", "scorer"])),
                    effects: [.play(sound: "ding"), .celebrate(name: "Ada", points: 1), .save])
        }
        #expect(text.contains("      badges: [\n−       \"first\"\n        \"scorer\"\n      ]"))
    }
}
