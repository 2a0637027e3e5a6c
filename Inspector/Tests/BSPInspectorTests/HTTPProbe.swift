import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A client that sends a request exactly as written — any `Host`, any `Origin`, any method —
/// to a server on 127.0.0.1, and reads the answer: what a test of refusals needs, and what
/// no well-behaved client library sends.
struct HTTPProbe {
    let port: Int

    /// The answer to `request` (its lines end with CRLF here), read until the server closes
    /// the connection, `enough` says it has what it needs, or `timeout` passes.
    func exchange(
        _ request: String, timeout: Duration = .seconds(10), until enough: (String) -> Bool = { _ in false }
    ) throws -> String {
        #if canImport(Glibc) || canImport(Musl)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let socket = socket(AF_INET, stream, 0)
        guard socket >= 0 else { throw ProbeError.failed("socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ProbeError.failed("connect") }
        var wait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw ProbeError.failed("send") }
        var answer: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count > 0 {
                answer += buffer[..<count]
                if enough(String(decoding: answer, as: UTF8.self)) { break }
            }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A `GET` of `target` naming this server as its host, with `headers` added.
    func get(_ target: String, headers: [String] = [], until enough: @escaping (String) -> Bool = { _ in false }) throws
        -> String
    {
        let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers + ["Connection: close", "", ""]
        return try exchange(lines.joined(separator: "\n"), until: { enough($0) })
    }

    /// Whether `answer` is whole: its head and as much body as it says it has — none for a
    /// `HEAD` request's.
    static func isWhole(_ answer: String, answering request: String) -> Bool {
        guard let end = answer.range(of: "\r\n\r\n") else { return false }
        if request.hasPrefix("HEAD ") { return true }
        let length = answer[..<end.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        return answer[end.upperBound...].utf8.count >= (length ?? 0)
    }

    enum ProbeError: Error { case failed(String) }
}

/// Runs `body`, which blocks, on a thread of its own: a test's waits must not hold one of the
/// few threads the server's tasks run on.
func onAThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension String {
    /// The status code of an HTTP answer.
    var status: Int? {
        split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
    }
}
