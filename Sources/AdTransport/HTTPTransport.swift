/// What moves bytes: one request, one complete response. ``HTTPClient``
/// wraps a transport with the checks and the time bound every caller
/// needs, so an implementation only has to send, count the body against
/// `limits.maxBodyBytes` as it arrives, refuse redirects to schemes other
/// than http and https (and past `limits.maxRedirects`), and stop promptly
/// when its task is cancelled.
///
/// `URLSessionTransport` (module `AdURLSession`) is the default, and
/// `CurlTransport` (module `AdCurl`) loads libcurl only when a request is
/// made; a server-side client (SwiftNIO's async-http-client, say) plugs in
/// here without touching any caller.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete response, whatever its status.
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse
}
