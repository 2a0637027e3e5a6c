import BSPCore
import BSPTesting
import Foundation

/// Runs one passing and one failing expectation outside any test framework: the failing one
/// must stop the program, so that nobody mistakes this run for a pass.
@main
enum LooseExpectation {
    static func main() {
        let fabric = TestFabric { EventNotifier<String>(of: "/actor/loose") }
        fabric.exercise(fabric.system, "ping")
        fabric.expect(none: ["pong"])
        say("the passing expectation passed")
        fabric.expect(contains: ["pong"])
        say("still running after a failed expectation")
    }

    /// Writes a line unbuffered: a buffered one would be lost when the program stops.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
