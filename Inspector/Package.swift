// swift-tools-version: 6.2.3

import PackageDescription

// The inspector lives in its own package so that the library keeps zero dependencies: it serves
// the live viewer with Hummingbird, a server library on SwiftNIO.
let package = Package(
    name: "swift-bsp-inspector",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bsp-inspect", targets: ["bsp-inspect"])
    ],
    dependencies: [
        .package(name: "swift-bsp", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        .target(
            name: "BSPInspector",
            dependencies: [
                .product(name: "BSPCore", package: "swift-bsp"),
                .product(name: "BSPDiagrams", package: "swift-bsp"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "bsp-inspect",
            dependencies: [
                "BSPInspector", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // A small app that writes a trail as it runs, at a rate: for the browser test and the
        // figures of how fast the page keeps up.
        .executableTarget(name: "trail-load", dependencies: [.product(name: "BSPCore", package: "swift-bsp")]),
        .testTarget(
            name: "BSPInspectorTests",
            dependencies: [
                "BSPInspector", .product(name: "BSPCore", package: "swift-bsp"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
