import Foundation

/// libFuzzer's entry point: one input, to the harness `BSP_FUZZ_HARNESS` names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    Harness.chosen.run(bytes)
    return 0
}

#if !FUZZING
/// Without libFuzzer, the program replays inputs: `bsp-fuzz HARNESS FILE_OR_FOLDER…` runs each
/// file through the harness, as the fuzz stage replays its seed corpus and any crash it saved.
@main
enum Replay {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let harness = Harness(rawValue: name) else {
            print("usage: bsp-fuzz \(Harness.allCases.map(\.rawValue).joined(separator: "|")) FILE_OR_FOLDER…")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in try files(at: path) {
                harness.run(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
                count += 1
            }
        }
        print("\(harness.rawValue): \(count) inputs replayed, every property held.")
    }

    private static func files(at path: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { "\(path)/\($0)" }
    }
}
#endif
