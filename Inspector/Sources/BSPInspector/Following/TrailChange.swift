/// What a ``TrailFollower`` found since it last looked.
public enum TrailChange: Hashable, Sendable {
    /// A new run started: the app opened the trail again, emptying it. What was read before
    /// belongs to the last run.
    case reset
    /// Whole lines of the trail, in the order written, each a record or a reply to one.
    case lines(TrailLines)
    /// Something a reader should know, such as a file that is not there yet, in words.
    case notice(String)
}

/// Whole lines of a trail as read: UTF-8 bytes, each line ended by a line feed.
///
/// Kept as bytes, never decoded: the inspector hands them on as they are, and the page reads
/// each as JSON.
public struct TrailLines: Hashable, Sendable {
    /// The lines, each ended by `\n`.
    public let bytes: [UInt8]

    /// The lines of `bytes`, which ends with a line feed.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The lines as text, without their line ends; blank lines left out.
    public var texts: [String] {
        bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }
}
