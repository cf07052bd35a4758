internal import FlyingFox
internal import FlyingSocks
internal import Foundation

/// A real HTTP server on 127.0.0.1, on a port the system picks, for tests of
/// anything that fetches ads: it serves documents by path, misbehaves on
/// request, and records every request it receives.
///
/// FlyingFox carries it: plain BSD sockets and Swift concurrency, with no
/// event loops to set up, and a first build of seconds rather than the
/// minutes SwiftNIO-based servers cost every CI run.
///
/// ```swift
/// let server = LoopbackAdServer()
/// try await server.start()
/// await server.serve("/vast.xml", .document(vastXML), latency: .milliseconds(20))
/// let url = await server.url("/vast.xml")
/// ```
public actor LoopbackAdServer: LoopbackServer {
    /// What a path answers.
    public enum Behavior: Sendable {
        /// 200 with this body.
        case document(String, contentType: String = "application/xml")
        /// This status and an empty body.
        case status(Int)
        /// Headers promising 4 KiB, part of the body, then the connection closes.
        case reset
        /// Headers, then a body that never ends (a chunk every millisecond).
        case endlessBody
        /// 200 with a body of this many bytes, made as it is sent.
        case large(bytes: Int)
        /// 302 to this location.
        case redirect(to: String)
        /// 200 with these bytes (a media segment, a playlist).
        case file([UInt8], contentType: String)
    }

    private var routes: [String: (behavior: Behavior, latency: Duration)] = [:]
    private var received: [String] = []
    private var answered: [String] = []
    private var inFlight = 0
    /// The most requests it was answering at once: how concurrent its client was.
    public private(set) var mostAtOnce = 0
    var listener: LoopbackListener?
    /// The port it listens on, once started.
    public private(set) var port: UInt16 = 0

    /// Creates a stopped server.
    public init() {}

    /// Starts listening on 127.0.0.1 and returns once connections are taken.
    public func start() async throws { try await startListening() }

    func listening(on port: UInt16) { self.port = port }

    /// Starts a server, runs `body` with it, and stops it, whether `body` throws or not.
    public static func with(_ body: (LoopbackAdServer) async throws -> Void) async throws {
        try await LoopbackAdServer().running(body)
    }

    /// Stops listening and closes every connection.
    public func stop() async { await stopListening() }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Makes `path` (without query) answer with `behavior`, after `latency`.
    public func serve(_ path: String, _ behavior: Behavior, latency: Duration = .zero) {
        routes[path] = (behavior, latency)
    }

    /// Every request received, as path and query, in order of arrival.
    public var requests: [String] { received }

    /// The requests received for `path`, with their queries.
    public func requests(to path: String) -> [String] {
        received.filter { $0 == path || $0.hasPrefix(path + "?") }
    }

    /// The requests to `path` answered so far (their latency passed), with
    /// their queries: a test can tell a request still waiting from one done.
    public func answers(to path: String) -> [String] {
        answered.filter { $0 == path || $0.hasPrefix(path + "?") }
    }

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        received.append(request.path + (query.isEmpty ? "" : "?" + query))
        guard let route = routes[request.path] else { return HTTPResponse(statusCode: .notFound) }
        inFlight += 1
        mostAtOnce = max(mostAtOnce, inFlight)
        defer { inFlight -= 1 }
        if route.latency > .zero { try await Task.sleep(for: route.latency) }
        answered.append(received.last { $0 == request.path || $0.hasPrefix(request.path + "?") } ?? request.path)
        switch route.behavior {
        case .document(let text, let contentType):
            // One answer per connection: FlyingFox cannot set TCP_NODELAY, and on a reused
            // connection Nagle's algorithm and delayed acknowledgements stall each answer ~40 ms.
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: contentType, .connection: "close"]), body: Data(text.utf8))
        case .status(let code):
            return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Status \(code)"))
        case .reset:
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: GeneratedBytes(total: 4_096, failAfter: 512), count: 4_096))
        case .endlessBody:
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: GeneratedBytes(total: nil, pause: .milliseconds(1))))
        case .large(let bytes):
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: GeneratedBytes(total: bytes), count: bytes))
        case .redirect(let location):
            return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: location]))
        case .file(let data, let contentType):
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: contentType, .connection: "close"]), body: Data(data))
        }
    }
}

/// Bytes made as they are sent: `total` of them (nil for no end), failing
/// after `failAfter` to cut the connection short.
private struct GeneratedBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    var total: Int?
    var failAfter: Int?
    var pause: Duration = .zero

    struct Cut: Error {}

    func makeAsyncIterator() -> Iterator { Iterator(left: total, failAfter: failAfter, pause: pause) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var left: Int?
        var failAfter: Int?
        let pause: Duration
        var sent = 0

        mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if let failAfter, sent >= failAfter { throw Cut() }
            if pause > .zero { try await Task.sleep(for: pause) }
            var size = Swift.min(Swift.max(count, 1), 65_536)
            if let failAfter { size = Swift.min(size, failAfter - sent) }
            if let left {
                guard left > 0 else { return nil }
                size = Swift.min(size, left)
                self.left = left - size
            }
            sent += size
            return [UInt8](repeating: UInt8(ascii: "x"), count: size)
        }
    }
}
