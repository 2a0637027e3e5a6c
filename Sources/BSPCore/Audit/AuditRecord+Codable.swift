extension AuditRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequence, notifier, variety, aspect, source, targets, notification, cause, depth, scope, delivery,
            stackChange, value, reply, time
    }

    /// Decodes a record from an object with one key per field; a record without an `aspect`,
    /// written before records kept one, reads as synchronous single-way. Its `time` is in
    /// whole nanoseconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sequence: try container.decode(UInt64.self, forKey: .sequence),
            notifier: try container.decode(NotifierURI.self, forKey: .notifier),
            variety: try container.decode(NotifierVariety.self, forKey: .variety),
            aspect: try container.decodeIfPresent(InteractionAspect.self, forKey: .aspect) ?? .synchronousSingleWay,
            source: try container.decodeIfPresent(ActorURI.self, forKey: .source),
            targets: try container.decode([ActorURI].self, forKey: .targets),
            notification: try container.decode(String.self, forKey: .notification),
            cause: try container.decodeIfPresent(UInt64.self, forKey: .cause),
            depth: try container.decode(Int.self, forKey: .depth),
            scope: try container.decodeIfPresent(ActorURI.self, forKey: .scope),
            delivery: try container.decode(AuditDelivery.self, forKey: .delivery),
            stackChange: try container.decodeIfPresent(StackChange.self, forKey: .stackChange),
            // `null` is a value (an optional that was `nil`), not an absent one.
            value: container.contains(.value) ? try container.decode(RecordedValue.self, forKey: .value) : nil,
            reply: container.contains(.reply) ? try container.decode(RecordedValue.self, forKey: .reply) : nil,
            time: try container.decodeIfPresent(UInt64.self, forKey: .time).map { .nanoseconds(Int64(clamping: $0)) })
    }

    /// Encodes the record as an object with one key per field, `time` in whole nanoseconds;
    /// `nil` fields are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(notifier, forKey: .notifier)
        try container.encode(variety, forKey: .variety)
        try container.encode(aspect, forKey: .aspect)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encode(targets, forKey: .targets)
        try container.encode(notification, forKey: .notification)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encode(depth, forKey: .depth)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(delivery, forKey: .delivery)
        try container.encodeIfPresent(stackChange, forKey: .stackChange)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encodeIfPresent(timeInNanoseconds, forKey: .time)
    }
}
