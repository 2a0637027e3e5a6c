import BSPCore
import Foundation
import Testing

@Suite("Actor URIs")
struct ActorURITests {
    @Test(arguments: ["/actor", "/actor/service", "/actor/behaviour/scope/portal-session", "/a/B_9/x.y"])
    func wellFormedURIsAreAccepted(_ text: String) throws {
        let uri = try ActorURI(validating: text)
        #expect(uri.path == text)
        #expect(uri.description == text)
    }

    @Test(arguments: [
        ("", ActorURIError.Problem.missingLeadingSlash),
        ("actor/service", .missingLeadingSlash),
        ("/", .emptySegment),
        ("/actor//service", .emptySegment),
        ("/actor/service/", .emptySegment),
        ("/actor/ser vice", .invalidCharacter(" ")),
        ("/actor/sérvice", .invalidCharacter("é")),
        ("/actor/service/notifier", .reservedSegment("notifier")),
    ])
    func malformedURIsAreTypedErrorsNamingTheText(_ text: String, _ problem: ActorURIError.Problem) {
        #expect(throws: ActorURIError(path: text, problem: problem)) {
            try ActorURI(validating: text)
        }
        #expect(ActorURIError(path: text, problem: problem).description.contains("'\(text)'"))
    }

    @Test func malformedLiteralStopsWithAMessageNamingIt() async {
        await #expect(processExitsWith: .failure) {
            let uri: ActorURI = "actor/service"
            _ = uri
        }
    }

    @Test func prefixMatchesWholeSegments() {
        let service: ActorURI = "/actor/service"
        #expect(ActorURI("/actor/service/analytics").hasPrefix(service))
        #expect(service.hasPrefix(service))
        #expect(!ActorURI("/actor/services").hasPrefix(service))
        #expect(service.segments == ["actor", "service"])
    }

    @Test func notifierURIsDeriveFromTheActorAndParseBack() throws {
        let presentation: ActorURI = "/actor/presentation"
        let uri = try presentation.notifier("request")
        #expect(uri.path == "/actor/presentation/notifier/request")
        #expect(try NotifierURI(validating: uri.path) == uri)
        #expect(uri.actor == presentation)
        #expect(uri.name == "request")
    }

    @Test func malformedNotifierURIsAreTypedErrors() {
        #expect(throws: ActorURIError(path: "/actor/service/request", problem: .missingNotifierSegment)) {
            try NotifierURI(validating: "/actor/service/request")
        }
        #expect(throws: ActorURIError(path: "/actor/service/notifier/re quest", problem: .invalidCharacter(" "))) {
            try NotifierURI(validating: "/actor/service/notifier/re quest")
        }
        #expect(throws: ActorURIError(path: "/actor/service/notifier/", problem: .emptySegment)) {
            try ActorURI("/actor/service").notifier("")
        }
    }

    @Test func decodingValidatesTheURI() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(ActorURI.self, from: Data(#""/actor/service""#.utf8)) == "/actor/service")
        #expect(throws: ActorURIError(path: "nope", problem: .missingLeadingSlash)) {
            try decoder.decode(ActorURI.self, from: Data(#""nope""#.utf8))
        }
    }
}

extension ActorURI {
    fileprivate init(_ text: String) {
        try! self.init(validating: text)
    }
}

@Suite("Relative URI segments")
struct RelativeURISegmentTests {
    @Test(arguments: ["/actor/presentation/../service", "/actor/./service", "/actor/..", "/."])
    func aDotOrDotDotSegmentIsRefusedNamingTheText(text: String) {
        let segment = text.split(separator: "/").first { $0 == "." || $0 == ".." }.map(String.init) ?? ""
        #expect(throws: ActorURIError(path: text, problem: .relativeSegment(segment))) {
            try ActorURI(validating: text)
        }
    }

    @Test func aNotifierNamedDotDotIsRefused() {
        #expect(throws: ActorURIError.self) { try ActorURI(validating: "/actor/service").notifier("..") }
    }

    @Test func dotsInsideASegmentAreAllowed() throws {
        #expect(try ActorURI(validating: "/actor/service/v1.2/..hidden").segments.count == 4)
    }
}

@Suite("ActorURI validation against a reference")
struct ActorURIReferenceTests {
    /// The rule as the documentation states it, written the slow, obvious way.
    private func isValid(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".." && segment != "notifier"
                && segment.unicodeScalars.allSatisfy(isAllowed)
        }
    }

    private func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        "a"..."z" ~= scalar || "A"..."Z" ~= scalar || "0"..."9" ~= scalar || "-_.".unicodeScalars.contains(scalar)
    }

    @Test("random strings of URI-like characters are accepted exactly when the rule allows them")
    func randomStrings() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("/./notifier/a-_Z9é ./..".unicodeScalars)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<length {
                text.append(alphabet.randomElement(using: &generator)!)
            }
            let path = String(text)
            let accepted = (try? ActorURI(validating: path)) != nil
            #expect(accepted == isValid(path), "\(path)")
        }
    }
}
