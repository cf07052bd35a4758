public import Foundation
internal import MediaTime

/// The one HTTP edge: every request the library makes goes through a
/// client, which sends only http and https, bounds each request by its
/// limits and the caller's deadline on an injected clock, and treats a
/// status outside 200–299 as a failure.
///
/// The time bound is the client's own, not only the transport's: a server
/// that accepts the connection and never answers fails at the limit, and
/// the late answer is not waited for.
///
/// ```swift
/// let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
/// let playlist = try await client.get(url, limits: TransportLimits(timeout: .seconds(3)))
/// ```
public struct HTTPClient: Sendable {
    /// What sends the bytes.
    public var transport: any HTTPTransport
    /// The clock every limit is measured on.
    public var clock: any Clock<Duration>
    /// The limits of a request that names none.
    public var limits: TransportLimits

    /// Creates a client.
    public init(transport: any HTTPTransport, clock: any Clock<Duration>, limits: TransportLimits = TransportLimits()) {
        self.transport = transport
        self.clock = clock
        self.limits = limits
    }

    /// Sends `request` within `limits` (the client's when `nil`) and
    /// `deadline`, and returns a 2xx response.
    /// - Throws: ``TransportError``: a bad scheme before anything is sent, a
    ///   timeout at the limit, a status outside 200–299, a body too large, a
    ///   connection failure.
    public func send(
        _ request: HTTPRequest, limits: TransportLimits? = nil, deadline: Deadline? = nil
    ) async throws(TransportError) -> HTTPResponse {
        let url = request.url.absoluteString
        guard let scheme = request.url.scheme?.lowercased() else {
            throw TransportError(.malformedURL, url: url, "not an absolute URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw TransportError(.scheme, url: url, "only http and https are fetched, not \(scheme)")
        }
        guard request.url.host?.isEmpty == false else {
            throw TransportError(.malformedURL, url: url, "the URL has no host")
        }
        var limits = limits ?? self.limits
        if let deadline { limits.timeout = min(limits.timeout, deadline.remaining) }
        guard limits.timeout > .zero else {
            throw TransportError(.timeout, url: url, "no time left to send the request")
        }
        let transport = self.transport
        let bounded = limits
        let outcome = await withTimeLimit(limits.timeout, on: clock) { () async -> Result<HTTPResponse, TransportError> in
            do throws(TransportError) {
                return .success(try await transport.perform(request, limits: bounded))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil where Task.isCancelled:
            throw TransportError(.cancelled, url: url, "cancelled")
        case nil:
            throw TransportError(.timeout, url: url, "no complete answer within \(Self.seconds(limits.timeout)) s")
        case .failure(let error)?:
            throw error
        case .success(let response)?:
            guard (200..<300).contains(response.status) else {
                throw TransportError(.status(response.status), url: url, "HTTP \(response.status)")
            }
            guard response.body.count <= limits.maxBodyBytes else {
                throw TransportError(.tooLarge, url: url, "the answer is longer than the limit of \(limits.maxBodyBytes) bytes")
            }
            return response
        }
    }

    /// GETs `url` and returns its body.
    public func get(_ url: URL, limits: TransportLimits? = nil, deadline: Deadline? = nil) async throws(TransportError) -> [UInt8] {
        try await send(HTTPRequest(url: url), limits: limits, deadline: deadline).body
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let millis = attoseconds / 1_000_000_000_000_000
        return millis == 0 ? "\(seconds)" : "\(seconds).\(String(millis + 1000).dropFirst())"
    }
}
