internal import FlyingFox
internal import FlyingSocks
public import Foundation
public import MediaTime

/// An SSAI server on 127.0.0.1 (port 0) serving an ``SSAIScript`` at the
/// time `reading()` gives: `POST /v1/session/channel` starts a session and
/// answers relative manifest and tracking URLs; the manifest is the
/// personalised window; the tracking URL answers the avails served so far,
/// late, incomplete or paged as scripted; beacons are counted.
///
/// ```swift
/// try await LoopbackSSAIEndpoint.with(script, reading: { clock.reading }) { endpoint in
///     let startup = await SSAISessionStart.start(SSAIConfiguration(endpoint: await endpoint.sessionURL.absoluteString), client: client)
/// }
/// ```
public actor LoopbackSSAIEndpoint: LoopbackServer {
    private let script: SSAIScript
    private let reading: @Sendable () -> ClockTime
    var listener: LoopbackListener?
    /// The port it listens on, once started.
    public private(set) var port: UInt16 = 0
    /// Session starts received.
    public private(set) var sessionStarts = 0
    /// The body of the last session start.
    public private(set) var lastStartBody: [UInt8] = []
    /// Manifest requests received.
    public private(set) var manifestRequests = 0
    /// Tracking requests received (every page).
    public private(set) var trackingRequests = 0
    /// The `nextToken` values received, decoded.
    public private(set) var nextTokens: [String] = []
    /// Requests held back (a stalled start), so a virtual-clock test knows
    /// when to let the client's limit pass.
    public private(set) var heldCount = 0
    /// The segment the session's first manifest began at: stream time 0.
    private var origin: Int?
    /// Polls (first pages) so far.
    private var polls = 0
    /// The poll count when each avail's first segment was first served.
    private var servedAtPoll: [String: Int] = [:]
    /// How many answers each avail has appeared in.
    private var answers: [String: Int] = [:]
    /// The pages of the poll being paged through.
    private var pendingPages: [String] = []

    /// Creates a stopped endpoint.
    public init(script: SSAIScript, reading: @escaping @Sendable () -> ClockTime) {
        self.script = script
        self.reading = reading
    }

    /// The session endpoint.
    public var sessionURL: URL { URL(string: "http://127.0.0.1:\(port)/v1/session/account/channel")! }
    /// The stream without ads, for an origin fallback.
    public var originURL: URL { URL(string: "http://127.0.0.1:\(port)/origin/index.m3u8")! }

    /// Starts listening.
    public func start() async throws { try await startListening() }

    func listening(on port: UInt16) { self.port = port }

    /// Stops listening and closes every connection.
    public func stop() async { await stopListening() }

    /// Starts an endpoint, runs `body` with it, and stops it, whether `body` throws or not.
    public static func with(
        _ script: SSAIScript, reading: @escaping @Sendable () -> ClockTime, _ body: (LoopbackSSAIEndpoint) async throws -> Void
    ) async throws {
        try await LoopbackSSAIEndpoint(script: script, reading: reading).running(body)
    }

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        switch (request.method, request.path) {
        case (.POST, "/v1/session/account/channel"):
            return try await startSession(request)
        case (.GET, "/v1/master/account/channel/session-1/index.m3u8"), (.GET, "/origin/index.m3u8"):
            return manifest()
        case (.GET, "/v1/tracking/account/channel/session-1"):
            return tracking(token: request.query.first { $0.name == "nextToken" }?.value)
        default:
            return HTTPResponse(statusCode: request.path.hasPrefix("/beacon/") ? .noContent : .notFound)
        }
    }

    private func startSession(_ request: HTTPRequest) async throws -> HTTPResponse {
        sessionStarts += 1
        lastStartBody = Array(try await request.bodyData)
        for fault in script.faults {
            switch fault {
            case .initStatus(let code): return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Status \(code)"))
            case .initStall:
                heldCount += 1
                try await Task.sleep(for: .seconds(3_600))
                return HTTPResponse(statusCode: .serviceUnavailable)
            case .initNotJSON: return json("<html><body>Service Unavailable</body></html>")
            default: break
            }
        }
        let tracking = script.faults.contains(.initWithoutTracking) ? "" : ", \"trackingUrl\": \"../../tracking/account/channel/session-1\""
        return json("{\"manifestUrl\": \"../../master/account/channel/session-1/index.m3u8\"\(tracking)}")
    }

    private func manifest() -> HTTPResponse {
        manifestRequests += 1
        let now = reading()
        if origin == nil { origin = script.firstSegment(at: now) }
        for avail in script.avails where avail.at < script.published(at: now) && servedAtPoll[avail.id] == nil {
            servedAtPoll[avail.id] = polls
        }
        let headers = HTTPHeaders([.contentType: "application/vnd.apple.mpegurl", .connection: "close"])
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(script.manifest(at: now).utf8))
    }

    private func tracking(token: String?) -> HTTPResponse {
        trackingRequests += 1
        if script.faults.contains(.trackingNotJSON) { return json("{\"avails\": [") }
        for case .trackingStatus(let code) in script.faults { return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Status \(code)")) }
        if let token {
            nextTokens.append(token)
            guard !pendingPages.isEmpty else { return HTTPResponse(statusCode: .badRequest) }
            return json(pendingPages.removeFirst())
        }
        polls += 1
        let visible = script.avails.filter { avail in servedAtPoll[avail.id].map { polls - $0 > avail.late } ?? false }
        let port = self.port
        pendingPages = script.trackingPages(visible: visible, answers: answers, origin: origin ?? 0, beaconBase: "http://127.0.0.1:\(port)/beacon")
        for avail in visible { answers[avail.id, default: 0] += 1 }
        return json(pendingPages.removeFirst())
    }

    private func json(_ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "application/json", .connection: "close"]), body: Data(text.utf8))
    }
}
