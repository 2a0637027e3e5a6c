// How a block packs a record's notification: a string, number or Boolean as its bytes, so that
// it reads back as the value it was; anything else as the record kept it.

extension RecordBlock {
    /// What a packed text begins with, in the second byte's top bits.
    private enum TextTag {
        /// Rendered text: its length and UTF-8 bytes.
        static let rendered: UInt8 = 0
        /// An `Int`, packed.
        static let integer: UInt8 = 1
        static let `true`: UInt8 = 2
        static let `false`: UInt8 = 3
        /// A `Double`: its eight bytes.
        static let double: UInt8 = 4
        /// Kept as the record kept it, at an index in the block's table.
        static let kept: UInt8 = 5
    }

    /// A record's text as a block writes it: its bytes, or its index in the table of texts
    /// kept as they are.
    enum PackedText {
        case utf8(String)
        case integer(Int)
        case boolean(Bool)
        case double(Double)
        case kept(Int)

        /// A number or a Boolean, packed as itself.
        init(_ scalar: AuditRecord.Scalar) {
            self =
                switch scalar {
                case .integer(let value): .integer(value)
                case .boolean(let value): .boolean(value)
                case .double(let value): .double(value)
                }
        }

        /// The tag it is written with.
        var tag: UInt8 {
            switch self {
            case .utf8: TextTag.rendered
            case .integer: TextTag.integer
            case .boolean(let value): value ? TextTag.true : TextTag.false
            case .double: TextTag.double
            case .kept: TextTag.kept
            }
        }

        /// The bytes it takes, at most.
        var limit: Int {
            switch self {
            case .utf8(let string): string.utf8.count + 10
            case .integer, .boolean, .double, .kept: 10
            }
        }

        func write(to writer: inout PackedWriter) {
            switch self {
            case .utf8(let string): writer.utf8(string)
            case .integer(let value): writer.signed(Int64(value))
            case .boolean: break
            case .double(let value): writer.fixed64(value.bitPattern)
            case .kept(let index): writer.unsigned(UInt64(index))
            }
        }
    }

    /// The text tagged `tag`, read from `reader`; `kept` is the block's table of texts.
    static func readText(tag: UInt8, from reader: inout PackedReader, kept: [AuditRecord.Text]) -> AuditRecord.Text {
        switch tag {
        case TextTag.rendered: .rendered(reader.text(count: reader.index()))
        case TextTag.integer: .scalar(.integer(Int(reader.signed())))
        case TextTag.true: .scalar(.boolean(true))
        case TextTag.false: .scalar(.boolean(false))
        case TextTag.double: .scalar(.double(Double(bitPattern: reader.fixed64())))
        default: kept[reader.index()]
        }
    }
}
