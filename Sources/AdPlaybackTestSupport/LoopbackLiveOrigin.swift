internal import FlyingFox
internal import FlyingSocks
public import Foundation
public import MediaTime

/// A live origin on 127.0.0.1 (port 0): serves a ``LiveOriginScript``'s
/// playlist at `/live.m3u8`, at the time `reading()` gives (a virtual
/// clock's, in tests; the wall clock's for a real player), faults
/// included, and records each request. Given media, it serves the
/// segments too, each at its own path (`/s12.ts`).
///
/// ```swift
/// let origin = LoopbackLiveOrigin(script: script) { clock.reading }
/// try await origin.start()
/// let url = await origin.url
/// ```
public actor LoopbackLiveOrigin: LoopbackServer {
    private let script: LiveOriginScript
    private let reading: @Sendable () -> ClockTime
    private let files: [String: [UInt8]]
    var listener: LoopbackListener?
    /// The port it listens on, once started.
    public private(set) var port: UInt16 = 0
    /// The paths of the files it was asked for besides the playlist, in order.
    public private(set) var filesRequested: [String] = []
    /// How many playlist requests it received.
    public private(set) var requestCount = 0
    /// How many requests it held back (a stall or a slow answer), so a test
    /// on a virtual clock knows when to let the client's limit pass.
    public private(set) var heldCount = 0

    /// Creates a stopped origin; `files` are the segments (and anything
    /// else) it serves by path, e.g. `"/s12.ts"`.
    public init(script: LiveOriginScript, files: [String: [UInt8]] = [:], reading: @escaping @Sendable () -> ClockTime) {
        self.script = script
        self.files = files
        self.reading = reading
    }

    /// The playlist URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/live.m3u8")! }

    /// Starts listening and returns once connections are taken.
    public func start() async throws { try await startListening() }

    func listening(on port: UInt16) { self.port = port }

    /// Stops listening and closes every connection.
    public func stop() async { await stopListening() }

    /// Starts an origin, runs `body` with it, and stops it, whether `body` throws or not.
    public static func with(
        _ script: LiveOriginScript, reading: @escaping @Sendable () -> ClockTime, _ body: (LoopbackLiveOrigin) async throws -> Void
    ) async throws {
        try await LoopbackLiveOrigin(script: script, reading: reading).running(body)
    }

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        guard request.path == "/live.m3u8" else {
            filesRequested.append(request.path)
            guard let bytes = files[request.path] else { return HTTPResponse(statusCode: .notFound) }
            let type = request.path.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t"
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: type]), body: Data(bytes))
        }
        requestCount += 1
        let headers = HTTPHeaders([.contentType: "application/vnd.apple.mpegurl", .connection: "close"])
        switch script.answer(at: reading()) {
        case .playlist(let text):
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(text.utf8))
        case .status(let code):
            return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Status \(code)"))
        case .stall:
            heldCount += 1
            try await Task.sleep(for: .seconds(3_600))
            return HTTPResponse(statusCode: .serviceUnavailable)
        case .slow(let delay, let text):
            heldCount += 1
            try await Task.sleep(for: delay)
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(text.utf8))
        case .bytes(let count):
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(repeating: UInt8(ascii: "#"), count: count))
        }
    }
}
