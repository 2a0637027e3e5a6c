// The variable-length numbers a packed record is written in: seven bits a byte, low bits
// first, the top bit set on every byte but the last. A record's numbers are mostly small — a
// sequence number's distance from its block's first, a depth, a table index — so most take one
// byte where a fixed-width field takes eight.

/// Writes numbers and text into a block's bytes, each write checked to fit.
///
/// One writer writes a whole record through one buffer pointer: appending to the array byte by
/// byte checked its uniqueness and capacity on every byte, which cost more than the rest of a
/// record.
struct PackedWriter: ~Copyable {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var position: Int

    init(buffer: UnsafeMutableBufferPointer<UInt8>, position: Int) {
        self.buffer = buffer
        self.position = position
    }

    /// Stops the program if `count` more bytes would not fit: the block checks its room before
    /// writing, so this is a fault in the block, and writing past the buffer is never allowed.
    @inline(__always)
    private func checkRoom(for count: Int) {
        precondition(position + count <= buffer.count, "A packed record overran its block.")
    }

    /// Writes `value` in as few bytes as hold it (one for 0–127, at most ten).
    @inline(__always)
    mutating func unsigned(_ value: UInt64) {
        checkRoom(for: 10)
        var value = value
        while value >= 0x80 {
            buffer[position] = UInt8(truncatingIfNeeded: value) | 0x80
            position += 1
            value >>= 7
        }
        buffer[position] = UInt8(truncatingIfNeeded: value)
        position += 1
    }

    /// Writes `value` so that a small magnitude takes few bytes whatever its sign (0, -1, 1,
    /// -2, … as 0, 1, 2, 3, …).
    @inline(__always)
    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes `value` as eight bytes, low byte first, in one store.
    @inline(__always)
    mutating func fixed64(_ value: UInt64) {
        checkRoom(for: 8)
        UnsafeMutableRawBufferPointer(buffer).storeBytes(
            of: value.littleEndian, toByteOffset: position, as: UInt64.self)
        position += 8
    }

    /// Writes the length of `string`'s UTF-8 and then the UTF-8 itself.
    @inline(__always)
    mutating func utf8(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            checkRoom(for: utf8.count)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[position..<position + utf8.count]).update(
                fromContentsOf: utf8)
            position += utf8.count
        }
    }
}

/// Reads what a ``PackedWriter`` wrote, from a position in the bytes.
struct PackedReader {
    let bytes: [UInt8]
    var position: Int

    /// The next byte.
    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    /// The next unsigned number.
    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = byte()
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The next signed number.
    mutating func signed() -> Int64 {
        let raw = unsigned()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// The next table index.
    mutating func index() -> Int {
        Int(truncatingIfNeeded: unsigned())
    }

    /// The next `count` bytes as UTF-8 text.
    mutating func text(count: Int) -> String {
        defer { position += count }
        return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }

    /// The next eight bytes as a number, low byte first.
    mutating func fixed64() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            value |= UInt64(byte()) << UInt64(shift)
        }
        return value
    }
}
