extension AuditRecord {
    /// The notification decoded as `type`: from its ``value``, or — for a string, a number or
    /// a Boolean, whose text is their value — from its text.
    ///
    /// ```swift
    /// let request = try record.decodeNotification(as: PortalRequest.self)
    /// ```
    ///
    /// - Throws: ``RecordedValueError`` naming the type, when the record was made by a build
    ///   whose type differs.
    public func decodeNotification<Value: Decodable>(as type: Value.Type) throws(RecordedValueError) -> Value {
        if let value {
            return try value.decode(as: type)
        }
        if let text = try? RecordedValue.string(notification).decode(as: type) {
            return text
        }
        // JSON has no infinity or NaN, which a floating-point notification's text spells.
        if let number = Double(notification), !number.isFinite {
            if let double = number as? Value { return double }
            if let float = Float(notification) as? Value { return float }
        }
        return try RecordedValue(text: notification).decode(as: type)
    }
}
