/// What a replay of a recorded run does with a live notifier, found by its URI: send it a
/// recorded notification, or stand in for the actor that would have handled it.
@_spi(Inspection) public protocol ReplayableNotifier: InspectableNotifier {
    /// Sends or emits the notification `record` holds, decoded as this notifier's type.
    func replay(_ record: AuditRecord) -> ReplayOutcome

    /// For a request notifier with no handler: installs one that calls `answer` for each
    /// request and replies with the value it returns, decoded as the reply type, or else with
    /// the first of `replies`, the replies recorded on this notifier.
    func standIn(replies: [RecordedValue], answer: @escaping () -> RecordedValue?) -> StandInOutcome
}

/// What became of a recorded notification a replay sent.
@_spi(Inspection) public enum ReplayOutcome {
    /// It was sent.
    case sent
    /// Its value does not decode as the notifier's type.
    case undecodable(RecordedValueError)
    /// The notifier's type is not `Decodable`, so nothing recorded can be sent on it.
    case notDecodable(type: String)
    /// The notifier is of a kind a replay does not drive.
    case unsupported(String)
}

/// What became of a stand-in a replay asked a request notifier for.
@_spi(Inspection) public enum StandInOutcome {
    /// Installed, for as long as the registration lives.
    case installed(Registration)
    /// Not needed: the notifier has a handler.
    case handled
    /// Not possible: the reply's type is not `Decodable`, no reply was recorded, or a
    /// recorded reply does not decode.
    case impossible(String)
}

@_spi(Inspection) extension EventNotifier: ReplayableNotifier {
    @_spi(Inspection) public func replay(_ record: AuditRecord) -> ReplayOutcome {
        ReplayDecoding.decode(record, as: Event.self).map { emit($0) }
    }

    @_spi(Inspection) public func standIn(replies: [RecordedValue], answer: @escaping () -> RecordedValue?)
        -> StandInOutcome
    {
        .handled
    }
}

@_spi(Inspection) extension RequestNotifier: ReplayableNotifier {
    @_spi(Inspection) public func replay(_ record: AuditRecord) -> ReplayOutcome {
        // What became of it is in the trail, which the replay compares.
        ReplayDecoding.decode(record, as: Request.self).map { _ = try? send($0) }
    }

    @_spi(Inspection) public func standIn(replies: [RecordedValue], answer: @escaping () -> RecordedValue?)
        -> StandInOutcome
    {
        guard handler == nil else { return .handled }
        if let nothing = () as? Reply {
            return .installed(
                handle { _ in
                    _ = answer()
                    return nothing
                })
        }
        guard Reply.self is any Decodable.Type, Reply.self is any Encodable.Type else {
            return .impossible("its reply, of type \(Reply.self), is not Codable, so no recording holds it")
        }
        switch ReplayDecoding.decodeAll(replies, as: Reply.self) {
        case .failure(let error): return .impossible("\(error)")
        case .success(let decoded):
            guard let fallback = decoded.first else {
                return .impossible("no reply to '\(uri)' was recorded")
            }
            return .installed(
                handle { _ in
                    answer().flatMap { try? ReplayDecoding.decode($0, as: Reply.self).get() } ?? fallback
                })
        }
    }
}

/// Decoding recorded values as a notifier's types, which are `Decodable` or not at run time.
enum ReplayDecoding {
    /// The notification `record` holds, as a `Value`.
    static func decode<Value>(_ record: AuditRecord, as _: Value.Type) -> Decoded<Value> {
        guard let type = Value.self as? any Decodable.Type else { return .notDecodable("\(Value.self)") }
        do {
            guard let value = try record.decodeNotification(as: type) as? Value else {
                return .notDecodable("\(Value.self)")
            }
            return .decoded(value)
        } catch {
            return .undecodable(error)
        }
    }

    /// `value` as a `Value`.
    static func decode<Value>(_ value: RecordedValue, as _: Value.Type) -> Result<Value, RecordedValueError> {
        guard let type = Value.self as? any Decodable.Type else {
            return .failure(RecordedValueError(type: "\(Value.self)", value: value, reason: "it is not Decodable"))
        }
        do {
            guard let decoded = try value.decode(as: type) as? Value else {
                return .failure(
                    RecordedValueError(type: "\(Value.self)", value: value, reason: "it decodes as another type"))
            }
            return .success(decoded)
        } catch {
            return .failure(error)
        }
    }

    /// Every one of `values` as a `Value`, or why not.
    static func decodeAll<Value>(_ values: [RecordedValue], as _: Value.Type) -> Result<[Value], RecordedValueError> {
        var decoded: [Value] = []
        for value in values {
            switch decode(value, as: Value.self) {
            case .success(let one): decoded.append(one)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(decoded)
    }

    /// A recorded notification, decoded or not.
    enum Decoded<Value> {
        case decoded(Value)
        case undecodable(RecordedValueError)
        case notDecodable(String)

        /// Sends the decoded value with `send`.
        func map(_ send: (Value) -> Void) -> ReplayOutcome {
            switch self {
            case .decoded(let value):
                send(value)
                return .sent
            case .undecodable(let error): return .undecodable(error)
            case .notDecodable(let type): return .notDecodable(type: type)
            }
        }
    }
}
