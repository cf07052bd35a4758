public import AdTransport
internal import CCurl
internal import Foundation

/// Sends requests with libcurl, loaded when the first request is made.
///
/// `URLSessionTransport` on Linux comes with FoundationNetworking, which
/// links libcurl and some thirty libraries it needs (TLS, Kerberos, LDAP,
/// HTTP/2) into every process that links it, and a process pays to load
/// them at start whether it fetches or not. This transport keeps the same
/// contract (the body counted against the limit as it arrives, redirects
/// only to http and https and only so many, the time bound, prompt
/// cancellation) with libcurl loaded on demand: `adplay` commands that read
/// files start without it.
///
/// Each request runs on a thread of its own, as libcurl's easy interface
/// blocks; connections are not reused between requests.
public final class CurlTransport: HTTPTransport, Sendable {
    /// This transport's transfers still running (tests watch a cancelled one stop).
    let running = RunningCount()

    /// Creates a transport. libcurl is loaded by the first request.
    public init() {}

    public func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let url = request.url.absoluteString
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TransportError(.scheme, url: url, "only http and https are sent")
        }
        var reason = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&reason, reason.count) == 0 else {
            throw TransportError(.connection, url: url, String(nulTerminated: reason))
        }
        let transfer = CurlTransfer(request: request, limits: limits, running: running)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}

extension String {
    /// The text up to the first NUL of a C buffer libcurl or the shim wrote into.
    init(nulTerminated buffer: some Collection<CChar>) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
