import NIOCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A trail's changes as Server-Sent Events, the text a browser's `EventSource` reads: `reset`,
/// `lines` (one `data:` field per line of the trail) and `notice`.
enum ServerSentEvent {
    /// `change` as one event.
    static func event(of change: TrailChange) -> ByteBuffer {
        switch change {
        case .reset: ByteBuffer(string: "event: reset\ndata:\n\n")
        case .lines(let lines): event(of: lines)
        case .notice(let text): ByteBuffer(string: "event: notice\ndata: \(framed(Array(text.utf8)))\n\n")
        }
    }

    /// A comment, which keeps an idle connection open through proxies and tells a closed one.
    static let keepAlive = ByteBuffer(string: ": still here\n\n")

    /// A `lines` event: each line a `data:` field, found with `memchr` — the stream of a trail
    /// of 100,000 records is 30 MB, and a loop over its bytes in a debug build takes seconds.
    private static func event(of lines: TrailLines) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(lines.bytes.count + lines.bytes.count / 16 + 32)
        buffer.writeString("event: lines\n")
        lines.bytes.withUnsafeBytes { (text: UnsafeRawBufferPointer) -> Void in
            guard let base = text.baseAddress else { return }
            let hasCarriageReturn = memchr(base, 0x0D, text.count) != nil
            var start = 0
            while start < text.count {
                let found = memchr(base + start, 0x0A, text.count - start)
                let end = found.map { UnsafeRawPointer($0) - base } ?? text.count
                if end > start {
                    buffer.writeString("data: ")
                    let line = UnsafeRawBufferPointer(rebasing: text[start..<end])
                    if hasCarriageReturn {
                        buffer.writeString(framed(Array(line)))
                    } else {
                        buffer.writeBytes(line)
                    }
                    buffer.writeString("\n")
                }
                start = end + 1
            }
        }
        buffer.writeString("\n")
        return buffer
    }

    /// `line` as the value of one `data:` field. A carriage return would end the field early —
    /// and could start a forged event — so a line's last one, before its line feed, goes, and
    /// any other becomes U+FFFD: the page finds that line unreadable rather than reading another.
    static func framed(_ line: [UInt8]) -> String {
        var line = line[...]
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return String(decoding: line, as: UTF8.self) }
        let text = String(decoding: line, as: UTF8.self)
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? "\u{FFFD}" : $0 }))
    }
}
