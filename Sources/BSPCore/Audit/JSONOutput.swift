import Foundation

/// The JSON being written, shared by the encoders and containers of one value.
///
/// Each operation reaches ``writer`` once: every access to a class's stored property is
/// checked for exclusivity at run time, and a check per byte cost an encoding more than
/// building a tree did.
final class JSONOutput {
    var writer = JSONWriter()

    /// Runs a write that may throw. What a failed write left cannot be taken back from the
    /// bytes, and the value may catch the error and go on, as `JSONEncoder` lets it: the bytes
    /// are abandoned, and the tree is built instead.
    func writing(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch {
            writer.giveUp()
            throw error
        }
    }
}

/// The bytes written so far, and the containers still open in them.
struct JSONWriter {
    /// An open container: its number, whether it is an object, and how many members it has.
    struct Frame {
        let id: Int
        let isObject: Bool
        var members: Int
    }

    private(set) var bytes: [UInt8] = []
    private var open: [Frame] = []
    private var nextID = 0
    /// Set when the value wrote out of order: the bytes are then abandoned.
    private(set) var isUnstreamable = false

    init() {
        bytes.reserveCapacity(64)
        open.reserveCapacity(4)
    }

    mutating func giveUp() {
        isUnstreamable = true
    }

    /// Opens a container where the next value goes, and returns its number.
    mutating func openContainer(isObject: Bool) -> Int {
        nextID += 1
        open.append(Frame(id: nextID, isObject: isObject, members: 0))
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextID
    }

    /// How many members the container `id` has, or `nil` once it is closed.
    func members(of id: Int) -> Int? {
        open.last { $0.id == id }?.members
    }

    /// Makes the container `id` the innermost open one, closing those nested in it, and starts
    /// its next member, after `key` if it is an object's: `false` if it was closed already.
    mutating func startMember(of id: Int, key: String? = nil) -> Bool {
        guard !isUnstreamable else { return false }
        if open.last?.id != id {
            guard open.contains(where: { $0.id == id }) else {
                giveUp()
                return false
            }
            while let last = open.last, last.id != id { close(last) }
        }
        if open[open.count - 1].members > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].members += 1
        if let key {
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
        }
        return true
    }

    mutating func closeAll() {
        while let last = open.last { close(last) }
    }

    private mutating func close(_ frame: Frame) {
        open.removeLast()
        bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// A string, escaped as JSON requires: quotation marks, backslashes and controls. Every
    /// other scalar is written as its UTF-8 bytes.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Copied whole, then looked over: the commonest string needs no escape.
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        if bytes[start...].contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.removeSubrange(start...)
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case 0x00..<0x20: writeControl(byte)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeControl(_ byte: UInt8) {
        let hex = Self.hexDigits
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }

    mutating func writeInteger(_ value: some BinaryInteger) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var unit: UInt64 = 1
        while magnitude / unit >= 10 { unit *= 10 }
        while unit > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / unit))
            magnitude %= unit
            unit /= 10
        }
    }

    mutating func writeBool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    mutating func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// An empty object, where a nested value wrote nothing.
    mutating func writeEmptyObject() {
        bytes.append(contentsOf: "{}".utf8)
    }

    /// A floating-point number as the text `RecordedValueEncoder` reads it from: `1.0` as `1`.
    mutating func writeNumber<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: @autoclosure () -> [any CodingKey]
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath(), debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}
