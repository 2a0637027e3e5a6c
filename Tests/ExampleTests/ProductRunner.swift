import Foundation
import TestSupport
import Testing

/// Runs a product built beside the test bundle and returns what it printed.
///
/// Standard input is empty (not a terminal), as in CI.
func run(
    product: String,
    arguments: [String] = [],
    expectedStatus: Int32 = 0,
    standardError: Bool = false
) throws -> String {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent(product)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    if standardError {
        process.standardError = pipe
    } else {
        process.standardOutput = pipe
    }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == expectedStatus, "\(product) exited with \(process.terminationStatus)")
    return String(decoding: data, as: UTF8.self)
}

/// Removes a trail a product wrote, with the lock file its store kept beside it.
func removeTrail(_ trail: URL) {
    try? FileManager.default.removeItem(at: trail)
    try? FileManager.default.removeItem(atPath: trail.path + ".lock")
}
