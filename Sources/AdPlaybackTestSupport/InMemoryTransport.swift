public import AdTransport
import Foundation

/// A transport that answers from memory, for tests: each path gets an
/// answer, a failure, a delay on an injected clock, or silence; every
/// request is recorded.
///
/// ```swift
/// let transport = InMemoryTransport()
/// transport.route("/vast.xml", .document(vastXML))
/// let client = HTTPClient(transport: transport, clock: clock)
/// ```
public final class InMemoryTransport: HTTPTransport, @unchecked Sendable {
    /// What a path answers.
    public enum Answer: Sendable {
        /// 200 with this body.
        case document(String)
        /// A whole response.
        case response(status: Int, body: [UInt8])
        /// A failure before any answer.
        case failure(TransportError.Kind)
        /// `answer`, after `delay` on `clock`.
        indirect case delayed(Duration, on: any Clock<Duration>, Answer)
        /// Nothing, ever, until the request is cancelled.
        case silence
        /// Nothing, ever, even when cancelled: a fetch that ignores
        /// cancellation, which only the client's own time bound ends.
        case silenceIgnoringCancellation
    }

    // `routes` and `log` are touched only with `lock` held.
    private let lock = NSLock()
    private var routes: [String: Answer] = [:]
    private var log: [HTTPRequest] = []
    private var stuck: [CheckedContinuation<Void, Never>] = []
    private var silent: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextSilence = 0

    /// Creates a transport that answers 404 to every path until routed.
    public init() {}

    deinit { for continuation in stuck { continuation.resume() } }

    /// Answers requests to `path` (query ignored) with `answer`.
    public func route(_ path: String, _ answer: Answer) { lock.withLock { routes[path] = answer } }

    /// Every request so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { log } }

    /// The paths (with queries) requested so far.
    public var requestedPaths: [String] {
        requests.map { request in
            let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            return (components?.path ?? "") + (components?.query.map { "?\($0)" } ?? "")
        }
    }

    /// Lets every request stuck in ``Answer/silenceIgnoringCancellation`` end.
    public func releaseSilences() {
        let released = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { stuck = [] }
            return stuck
        }
        for continuation in released { continuation.resume() }
    }

    public func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let answer = lock.withLock { () -> Answer in
            log.append(request)
            return routes[request.url.path] ?? .response(status: 404, body: [])
        }
        return try await respond(answer, to: request, limits: limits)
    }

    /// Answers `request` as `answer` says, without looking at the routes
    /// (for transports that decide the answer themselves).
    public func respond(_ answer: Answer, to request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let url = request.url.absoluteString
        switch answer {
        case .document(let text):
            return try bounded(HTTPResponse(status: 200, body: Array(text.utf8), url: request.url), limits)
        case .response(let status, let body):
            return try bounded(HTTPResponse(status: status, body: body, url: request.url), limits)
        case .failure(let kind):
            throw TransportError(kind, url: url, "failed as routed")
        case .delayed(let delay, let clock, let next):
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw TransportError(.cancelled, url: url, "cancelled")
            }
            return try await respond(next, to: request, limits: limits)
        case .silence:
            let id = lock.withLock { () -> Int in
                nextSilence += 1
                return nextSilence
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let cancelled = lock.withLock { () -> Bool in
                        if Task.isCancelled { return true }
                        silent[id] = continuation
                        return false
                    }
                    if cancelled { continuation.resume() }
                }
            } onCancel: {
                lock.withLock { silent.removeValue(forKey: id) }?.resume()
            }
            throw TransportError(.cancelled, url: url, "cancelled")
        case .silenceIgnoringCancellation:
            await withCheckedContinuation { continuation in lock.withLock { stuck.append(continuation) } }
            throw TransportError(.connection, url: url, "released")
        }
    }

    private func bounded(_ response: HTTPResponse, _ limits: TransportLimits) throws(TransportError) -> HTTPResponse {
        guard response.body.count <= limits.maxBodyBytes else {
            throw TransportError(.tooLarge, url: response.url.absoluteString, "longer than \(limits.maxBodyBytes) bytes")
        }
        return response
    }
}
