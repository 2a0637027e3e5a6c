extension AuditRecord: CustomStringConvertible {
    /// The record as one transcript line:
    /// `#3 /actor/service/notifier/request <request>: resolveLocation ← #2`.
    ///
    /// The cause follows `←`; a delivery other than ``AuditDelivery/delivered`` is shown in
    /// brackets at the end.
    public var description: String {
        switch storedText {
        case .rendered(let notification): line(showing: notification)
        case .unrendered(let notification): line(showing: String(describing: notification.value))
        case .renderedValue(let rendered): line(showing: rendered.text)
        case .scalar(let scalar): line(showing: scalar.rendered)
        }
    }

    /// The line of this record, showing `notification`.
    private func line(showing notification: String) -> String {
        // Written as bytes into one allocation: a transcript makes a line per record, and
        // interpolation cost several times as much.
        let path = notifierPath
        let variety = variety.rawValue
        let delivery = delivery == .delivered ? nil : self.delivery.rawValue
        let capacity = path.utf8.count + notification.utf8.count + 96  // the rest is at most 74 bytes
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var line = LineWriter(buffer: buffer)
            line.write("#")
            line.write(sequence)
            line.write(" ")
            line.write(path)
            line.write(" <")
            line.write(variety)
            line.write(">: ")
            line.write(notification)
            if let cause {
                line.write(" ← #")
                line.write(cause)
            }
            if let delivery {
                line.write(" [")
                line.write(delivery)
                line.write("]")
            }
            return line.count
        }
    }
}

/// Writes the bytes of a transcript line into a buffer the caller sized.
private struct LineWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<(count + bytes.count)]).initialize(from: bytes)
        count += bytes.count
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write($0) }
    }

    mutating func write(_ text: String) {
        // In place where the string is contiguous, as native strings are: copying it to reach
        // its bytes would retain and release it.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { write($0) }
        if written == nil {
            var text = text
            text.withUTF8 { write($0) }
        }
    }

    /// Writes `number` in decimal.
    mutating func write(_ number: UInt64) {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var value = number
        for position in (count..<(count + digits)).reversed() {
            buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        count += digits
    }
}
