// swift-tools-version: 6.2.3

import PackageDescription

let package = Package(
    name: "swift-bsp",
    platforms: [
        // The Observation framework sets the floor (`ScopeStack` is `@Observable`).
        .macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
    ],
    products: [
        .library(name: "BSPCore", targets: ["BSPCore"]),
        .library(name: "BSPDiagrams", targets: ["BSPDiagrams"]),
        .library(name: "BSPTesting", targets: ["BSPTesting"]),
        .executable(name: "bsp-diagram", targets: ["bsp-diagram"]),
    ],
    dependencies: [],
    targets: [
        // Core
        .target(name: "BSPAtomics"),
        .target(name: "BSPCore", dependencies: ["BSPAtomics"]),
        .target(name: "BSPDiagrams", dependencies: ["BSPCore"]),
        .target(name: "BSPTesting", dependencies: ["BSPCore", "BSPDiagrams"]),
        .executableTarget(name: "bsp-diagram", dependencies: ["BSPCore", "BSPDiagrams"], path: "Sources/bsp-diagram"),

        // Examples: executable targets, not products, so that apps depending on the package never see them.
        .executableTarget(name: "account-app", dependencies: ["BSPCore", "BSPDiagrams"], path: "Examples/AccountApp"),
        .executableTarget(name: "location-button", dependencies: ["BSPCore"], path: "Examples/LocationButton"),
        .executableTarget(name: "tamagotchi", dependencies: ["BSPCore"], path: "Examples/Tamagotchi"),
        .executableTarget(name: "player-controls", dependencies: ["BSPCore"], path: "Examples/PlayerControls"),
        .executableTarget(name: "standup", dependencies: ["BSPCore"], path: "Examples/Standup"),

        // Tests
        // What several test targets share: finding the executables they run, a seeded generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BSPCoreTests", dependencies: ["BSPCore", "trail-writer", "TestSupport"]),
        // A child process for the crash test of the file store: it writes until it is killed.
        .executableTarget(name: "trail-writer", dependencies: ["BSPCore"], path: "Tests/CrashingTrailWriter"),
        // A program that uses BSPTesting outside any test framework, for the test that its failed
        // expectations stop it.
        .executableTarget(
            name: "loose-expectation", dependencies: ["BSPTesting", "BSPCore"], path: "Tests/LooseExpectation"),
        // The fuzzing harnesses of every parser of outside input (.ci/fuzz): built with
        // libFuzzer for the fuzz stage, and as a replayer of the seed corpus otherwise.
        .executableTarget(
            name: "bsp-fuzz", dependencies: ["BSPCore", "BSPTesting", "BSPFuzzDriver"], path: "Tests/Fuzz/Sources"),
        .target(name: "BSPFuzzDriver", path: "Tests/Fuzz/Driver"),
        .testTarget(name: "BSPDiagramsTests", dependencies: ["BSPDiagrams", "BSPCore", "BSPTesting", "TestSupport"]),
        .testTarget(
            name: "BSPTestingTests", dependencies: ["BSPTesting", "BSPCore", "loose-expectation", "TestSupport"]),
        // The code of the README and the DocC articles, compiled and run (.ci/doc-examples.py).
        .testTarget(
            name: "DocumentationTests", dependencies: ["BSPTesting", "BSPCore", "BSPDiagrams"],
            path: "Tests/DocumentationTests/Core"),
        .testTarget(
            name: "TestingDocumentationTests", dependencies: ["BSPTesting", "BSPCore"],
            path: "Tests/DocumentationTests/Testing", exclude: ["__Transcripts__"]),
        .testTarget(
            name: "ExampleTests",
            dependencies: [
                "account-app", "location-button", "tamagotchi", "player-controls", "standup", "bsp-diagram", "BSPCore",
                "BSPDiagrams", "BSPTesting", "TestSupport",
            ],
            // Golden transcripts, read from the source tree by the tests that compare with them.
            exclude: ["__Transcripts__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    guard target.name != "BSPAtomics" else { continue }
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
