/// A given/when/then specification of a pure behaviour function: given a model, when events
/// arrive, then the new model and the effects — the UI updates and actions — it produced.
///
/// Write the decisions of a Behaviour as an *evaluator*, a pure function over values, and
/// test it exhaustively without any actor:
///
/// ```swift
/// let spec = BehaviourSpec(PlayerControls.evaluate)
///
/// spec.given(.playing(toolbarVisible: false))
///     .when(.backgroundTapped)
///     .then(
///         model: .playing(toolbarVisible: true),
///         effects: [.showToolbar, .rescheduleHideTimer(seconds: 4)]
///     )
/// ```
///
/// Several events are applied in order, each to the model the previous one produced; the
/// effects of all of them are collected.
public struct BehaviourSpec<Model, Event, Effect> {
    /// The function under test: the model and one event in, the next model and its effects out.
    public typealias Evaluator = (Model, Event) -> (model: Model, effects: [Effect])

    private let evaluate: Evaluator

    /// Creates a specification of `evaluate`.
    public init(_ evaluate: @escaping Evaluator) {
        self.evaluate = evaluate
    }

    /// Starts a case from `model`.
    public func given(_ model: Model) -> Given {
        Given(evaluate: evaluate, model: model)
    }

    /// A case's starting model.
    public struct Given {
        let evaluate: Evaluator
        let model: Model

        /// Applies `events` in order.
        public func when(_ events: Event...) -> When {
            var model = model
            var effects: [Effect] = []
            for event in events {
                let next = evaluate(model, event)
                model = next.model
                effects += next.effects
            }
            return When(model: model, effects: effects)
        }
    }

    /// What the events produced.
    public struct When {
        /// The model after the last event.
        public let model: Model
        /// The effects of every event, in order.
        public let effects: [Effect]

        /// Runs your own assertions on the outcome.
        public func then(_ assert: (_ model: Model, _ effects: [Effect]) -> Void) {
            assert(model, effects)
        }
    }
}

extension BehaviourSpec.When where Model: Equatable, Effect: Equatable {
    /// Expects this model and these effects; a difference is reported at the calling line.
    public func then(
        model expectedModel: Model,
        effects expectedEffects: [Effect],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        var problems: [String] = []
        if model != expectedModel {
            let lines = StructuralDiff.lines(expected: expectedModel, actual: model)
            // Equal by `==` yet dumped alike (a custom `==`): show both whole.
            problems.append(
                "model (− expected, + actual):\n"
                    + (lines.isEmpty
                        ? "− \(ValueDump.line(expectedModel))\n+ \(ValueDump.line(model))"
                        : lines.joined(separator: "\n")))
        }
        if effects != expectedEffects {
            let diff = LineDiff(from: expectedEffects.map(ValueDump.line), to: effects.map(ValueDump.line))
            problems.append("effects (− expected and missing, + actual and extra):\n" + diff.rendered { $0 })
        }
        guard !problems.isEmpty else { return }
        TestFailure.record(
            "then(model:effects:) failed.\n" + problems.joined(separator: "\n"),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
