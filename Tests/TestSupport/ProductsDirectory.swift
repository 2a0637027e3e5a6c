public import Foundation

/// The folder the package's executables are built into, beside the test bundle: where tests
/// find the programs they run as child processes.
public var productsDirectory: URL {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    return Bundle.main.bundleURL
}
