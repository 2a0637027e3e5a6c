/// Substring search for transcript lines, by UTF-8 bytes.
///
/// The standard `contains` compares grapheme clusters and sets up a searcher on every call,
/// which made matching 100,000 lines take over a second. Transcript lines and expectations are
/// both written by Swift code, so comparing their bytes finds the same matches, apart from text
/// that spells one character two ways (a precomposed `é` against `e` and a combining accent).
enum TextSearch {
    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.utf8.count <= haystack.utf8.count else { return false }
        // Read in place where the strings allow it: copying them to get at their bytes would
        // retain and release each, twice per line matched.
        let found = haystack.utf8.withContiguousStorageIfAvailable { text in
            needle.utf8.withContiguousStorageIfAvailable { pattern in occurs(pattern, in: text) }
        }
        if let found = found ?? nil {
            return found
        }
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { text in needle.withUTF8 { pattern in occurs(pattern, in: text) } }
    }

    private static func occurs(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard pattern.count <= text.count, let first = pattern.first else { return pattern.isEmpty }
        var start = 0
        let lastStart = text.count - pattern.count
        while start <= lastStart {
            if text[start] == first, matches(pattern, in: text, at: start) {
                return true
            }
            start += 1
        }
        return false
    }

    private static func matches(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> Bool {
        var offset = 1
        while offset < pattern.count {
            if text[start + offset] != pattern[offset] { return false }
            offset += 1
        }
        return true
    }
}
