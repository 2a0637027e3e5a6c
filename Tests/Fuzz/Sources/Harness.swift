import BSPCore
import BSPTesting
import Foundation

/// One parser of outside input, fed arbitrary bytes, with what must hold for any of them: it
/// never crashes, hangs or leaks, and what it accepts survives a round trip.
///
/// A property that fails stops the program with its name, so that libFuzzer saves the input.
enum Harness: String, CaseIterable {
    /// A JSON Lines trail, as `AuditTrail(jsonLines:)` reads one.
    case trailLines = "trail-lines"
    /// A file store's set of files, read with what a crash left (`RecoveredTrail`).
    case trailFiles = "trail-files"
    /// A recorded value's JSON.
    case recordedValue = "recorded-value"
    /// Actor and notifier URIs.
    case uris
    /// The names of golden transcripts, which become file names.
    case goldenNames = "golden-names"
    /// The text escapers, against their round trip: escape, parse, and get the scalars back.
    case escapers

    /// Feeds `bytes` to the parser and checks what must hold.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .trailLines: TrailHarnesses.lines(bytes)
        case .trailFiles: TrailHarnesses.files(bytes)
        case .recordedValue: ValueHarnesses.recordedValue(bytes)
        case .uris: ValueHarnesses.uris(bytes)
        case .goldenNames: ValueHarnesses.goldenName(bytes)
        case .escapers: EscaperHarness.run(bytes)
        }
    }

    /// The harness the environment names in `BSP_FUZZ_HARNESS`.
    static let chosen: Harness = {
        let name = ProcessInfo.processInfo.environment["BSP_FUZZ_HARNESS"] ?? ""
        guard let harness = Harness(rawValue: name) else {
            fatalError("Set BSP_FUZZ_HARNESS to one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return harness
    }()
}

/// Stops the program naming `property`, which `condition` found false for this input.
func require(_ condition: Bool, _ property: @autoclosure () -> String) {
    if !condition {
        fatalError("Property failed: \(property())")
    }
}
