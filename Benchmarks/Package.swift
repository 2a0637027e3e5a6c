// swift-tools-version: 6.2.3

import PackageDescription

// The benchmarks live in their own package so that the library keeps zero dependencies.
let package = Package(
    name: "swift-bsp-benchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bsp-benchmarks", targets: ["BSPBenchmarks"]),
        .executable(name: "bsp-instructions", targets: ["BSPInstructions"]),
    ],
    dependencies: [
        .package(name: "swift-bsp", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    ],
    targets: [
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "BSPBenchmarks",
            dependencies: [
                "AllocationCounter",
                .product(name: "BSPCore", package: "swift-bsp"),
                .product(name: "BSPTesting", package: "swift-bsp"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // The workloads whose instruction counts CI gates, counted by Callgrind (.ci/instructions).
        .executableTarget(
            name: "BSPInstructions", dependencies: [.product(name: "BSPCore", package: "swift-bsp")]),
    ],
    swiftLanguageModes: [.v6]
)
