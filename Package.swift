// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "swift-bsp",
    platforms: [
        // `Synchronization` (Mutex, Atomic) and the Observation framework set the floor.
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "BSPCore", targets: ["BSPCore"]),
        .library(name: "BSPTesting", targets: ["BSPTesting"]),
        .executable(name: "bsp-diagram", targets: ["BSPDiagram"]),
        .executable(name: "account-app", targets: ["AccountApp"]),
        .executable(name: "location-button", targets: ["LocationButton"]),
        .executable(name: "tamagotchi", targets: ["Tamagotchi"]),
        .executable(name: "player-controls", targets: ["PlayerControls"]),
    ],
    dependencies: [],
    targets: [
        // Core
        .target(name: "BSPCore"),
        .target(name: "BSPTesting", dependencies: ["BSPCore"]),
        .executableTarget(name: "BSPDiagram", dependencies: ["BSPCore"]),

        // Examples
        .executableTarget(name: "AccountApp", dependencies: ["BSPCore"], path: "Examples/AccountApp"),
        .executableTarget(name: "LocationButton", dependencies: ["BSPCore"], path: "Examples/LocationButton"),
        .executableTarget(name: "Tamagotchi", dependencies: ["BSPCore"], path: "Examples/Tamagotchi"),
        .executableTarget(name: "PlayerControls", dependencies: ["BSPCore"], path: "Examples/PlayerControls"),

        // Tests
        .testTarget(name: "BSPCoreTests", dependencies: ["BSPCore"]),
        .testTarget(name: "BSPTestingTests", dependencies: ["BSPTesting", "BSPCore"]),
        .testTarget(
            name: "ExampleTests",
            dependencies: [
                "AccountApp", "LocationButton", "Tamagotchi", "PlayerControls", "BSPDiagram", "BSPCore", "BSPTesting",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
