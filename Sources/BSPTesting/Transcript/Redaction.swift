/// A rule that replaces volatile text — identifiers, timestamps — in transcript lines, so that
/// expectations and saved transcripts do not change from run to run.
///
/// ```swift
/// let app = TestFabric(redacting: [.uuids, .dates]) { … }
/// // "#3 …: opened(3F2504E0-4F89-11D3-9A0C-0305E82C3301)" reads "#3 …: opened(<uuid>)"
/// ```
public struct Redaction {
    private let apply: (String) -> String

    /// Creates a rule from a function of the line.
    public init(_ apply: @escaping (String) -> String) {
        self.apply = apply
    }

    /// Replaces every match of `pattern`, a regular expression, with `replacement`.
    ///
    /// - Throws: The regular expression's error when `pattern` is not valid.
    public static func replacing(_ pattern: String, with replacement: String) throws -> Redaction {
        let regex = try Regex(pattern)
        return Redaction { $0.replacing(regex, with: replacement) }
    }

    /// Replaces UUIDs with `<uuid>`.
    public static var uuids: Redaction {
        Redaction {
            $0.replacing(
                /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/,
                with: "<uuid>")
        }
    }

    /// Replaces ISO 8601 dates and date-times (as `Date` and `ISO8601DateFormatter` print them)
    /// with `<date>`.
    public static var dates: Redaction {
        Redaction {
            $0.replacing(
                /\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}| \+\d{4})?)?/,
                with: "<date>")
        }
    }

    /// The line with this rule applied.
    public func callAsFunction(_ line: String) -> String {
        apply(line)
    }
}
