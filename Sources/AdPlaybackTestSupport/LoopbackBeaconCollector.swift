internal import FlyingFox
internal import FlyingSocks
internal import Foundation

/// A beacon collector on 127.0.0.1 for tests of ad tracking: every request
/// is a beacon. It can be slow, and can refuse a share of requests with a
/// 503 (the outbox must then retry); it keeps what it accepted, so a test
/// checks that each beacon arrived, and at most once.
///
/// ```swift
/// let collector = LoopbackBeaconCollector(failureRate: 0.3, latency: .milliseconds(40))
/// try await collector.start()
/// let url = await collector.url("/t/a1/impression")
/// ```
public actor LoopbackBeaconCollector: LoopbackServer {
    private let failureRate: Double
    private let latency: Duration
    private var generator: SplitMixGenerator
    private var accepted: [String] = []
    private var attempts = 0
    private var inFlight = 0
    /// The most requests it was answering at once.
    public private(set) var mostAtOnce = 0
    var listener: LoopbackListener?
    /// The port it listens on, once started.
    public private(set) var port: UInt16 = 0

    /// Creates a stopped collector that refuses `failureRate` of requests
    /// (chosen by a generator seeded with `seed`) and answers each after
    /// `latency`.
    public init(failureRate: Double = 0, latency: Duration = .zero, seed: UInt64 = 1) {
        self.failureRate = failureRate
        self.latency = latency
        generator = SplitMixGenerator(seed: seed)
    }

    /// Starts listening on 127.0.0.1 and returns once connections are taken.
    public func start() async throws { try await startListening() }

    /// Stops listening and closes every connection.
    public func stop() async { await stopListening() }

    func listening(on port: UInt16) { self.port = port }

    /// Forgets what it received, for the next run.
    public func reset() {
        accepted = []
        attempts = 0
        mostAtOnce = 0
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The beacons accepted (answered 204), as path and query, in order.
    public var received: [String] { accepted }

    /// Every request, accepted or refused.
    public var requestCount: Int { attempts }

    /// How often each beacon (path and query) was accepted.
    public var counts: [String: Int] { accepted.reduce(into: [:]) { $0[$1, default: 0] += 1 } }

    /// A URL as this collector records it: its path, then `?` and its query
    /// with each name and value percent-decoded.
    public nonisolated static func key(for url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        let query = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return components.path + (query.isEmpty ? "" : "?" + query)
    }

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        attempts += 1
        inFlight += 1
        mostAtOnce = max(mostAtOnce, inFlight)
        defer { inFlight -= 1 }
        let refuse = Double(generator.next() >> 11) / Double(1 << 53) < failureRate
        if latency > .zero { try await Task.sleep(for: latency) }
        let headers = HTTPHeaders([.connection: "close"])
        if refuse { return HTTPResponse(statusCode: .serviceUnavailable, headers: headers) }
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        accepted.append(request.path + (query.isEmpty ? "" : "?" + query))
        return HTTPResponse(statusCode: .noContent, headers: headers)
    }
}

/// A small seeded generator (SplitMix64), so tests and a collector's
/// refusals can be repeated.
public struct SplitMixGenerator: RandomNumberGenerator, Sendable {
    var state: UInt64
    /// Creates a generator that always yields the same numbers for `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next number of the sequence (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
