public import AdTransport
import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends requests over one URLSession, so requests to the same host reuse
/// their connections. The body is counted as it arrives and the transfer
/// cancelled past the limit, so a 50 MB answer costs the limit, not 50 MB;
/// a redirect to any scheme but http or https, or past the limit's count,
/// fails.
public final class URLSessionTransport: HTTPTransport, Sendable {
    private let session: URLSession
    private let transfers: Transfers

    /// Creates a transport over a session with `configuration` (by default
    /// ephemeral: no cookies, no cache, no credentials kept).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // A pod's ads are fetched at once, often from one host.
        configuration.httpMaximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost, 16)
        transfers = Transfers()
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let seconds = max(Double(limits.timeout.components.seconds) + Double(limits.timeout.components.attoseconds) / 1e18, 0.001)
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        urlRequest.httpMethod = request.method.rawValue
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let task = session.dataTask(with: urlRequest)
        let transfer = Transfer(url: request.url, limits: limits)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(task, continuation, in: transfers)
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}

/// The session's delegate: hands each task's events to its transfer.
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `byTask` is touched only with `lock` held.
    private let lock = NSLock()
    private var byTask: [Int: Transfer] = [:]

    func add(_ transfer: Transfer, for task: URLSessionTask) { lock.withLock { byTask[task.taskIdentifier] = transfer } }

    private func transfer(_ task: URLSessionTask, removing: Bool = false) -> Transfer? {
        lock.withLock { removing ? byTask.removeValue(forKey: task.taskIdentifier) : byTask[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(transfer(dataTask)?.accepts(response) ?? false ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(transfer(task)?.follows(request) ?? false ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(task, removing: true)?.completed(task, error: error)
    }
}

/// One request's state, shared with the session's delegate queue.
private final class Transfer: @unchecked Sendable {
    // Every mutable field is touched only with `lock` held.
    private let lock = NSLock()
    private let url: URL
    private let limits: TransportLimits
    private var body: [UInt8] = []
    private var failure: TransportError?
    private var redirects = 0
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?

    init(url: URL, limits: TransportLimits) {
        self.url = url
        self.limits = limits
    }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>,
               in transfers: Transfers) {
        lock.withLock {
            self.task = task
            self.continuation = continuation
        }
        transfers.add(self, for: task)
        task.resume()
    }

    func cancel() { fail(TransportError(.cancelled, url: url.absoluteString, "cancelled")) }

    private func fail(_ failure: TransportError) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if self.failure == nil { self.failure = failure }
            return self.task
        }
        task?.cancel()
    }

    /// Records why a redirect is not followed. The task is not cancelled: refusing the
    /// redirect completes it with the 3xx, and cancelling as well makes FoundationNetworking
    /// on Linux receive a second redirect callback and stop the process.
    private func refuse(_ failure: TransportError) {
        lock.withLock { if self.failure == nil { self.failure = failure } }
    }

    func accepts(_ response: URLResponse) -> Bool {
        if response.expectedContentLength > Int64(limits.maxBodyBytes) {
            fail(TransportError(.tooLarge, url: url.absoluteString,
                                "the answer is \(response.expectedContentLength) bytes, more than the limit of \(limits.maxBodyBytes)"))
            return false
        }
        return true
    }

    func received(_ data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(contentsOf: data)
            return body.count > limits.maxBodyBytes
        }
        if over {
            fail(TransportError(.tooLarge, url: url.absoluteString, "the answer is longer than the limit of \(limits.maxBodyBytes) bytes"))
        }
    }

    func follows(_ request: URLRequest) -> Bool {
        let count = lock.withLock { () -> Int in
            redirects += 1
            return redirects
        }
        guard let target = request.url, let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            refuse(TransportError(.scheme, url: url.absoluteString,
                                "redirected to \(request.url?.absoluteString ?? "nothing"); only http and https are followed"))
            return false
        }
        guard count <= limits.maxRedirects else {
            refuse(TransportError(.connection, url: url.absoluteString, "more than \(limits.maxRedirects) redirects"))
            return false
        }
        return true
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let (continuation, result) = lock.withLock {
            () -> (CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?, Result<HTTPResponse, TransportError>) in
            let continuation = self.continuation
            self.continuation = nil
            return (continuation, outcome(task, error))
        }
        continuation?.resume(returning: result)
    }

    /// Called with `lock` held.
    private func outcome(_ task: URLSessionTask, _ error: (any Error)?) -> Result<HTTPResponse, TransportError> {
        if let failure { return .failure(failure) }
        if let error {
            let kind: TransportError.Kind = (error as NSError).code == NSURLErrorTimedOut ? .timeout : .connection
            return .failure(TransportError(kind, url: url.absoluteString, error.localizedDescription))
        }
        guard let http = task.response as? HTTPURLResponse else {
            return .failure(TransportError(.connection, url: url.absoluteString, "no HTTP response"))
        }
        // A redirect refused by returning nil completes with the 3xx itself.
        if (300..<400).contains(http.statusCode) {
            return .failure(TransportError(.status(http.statusCode), url: url.absoluteString, "HTTP \(http.statusCode), not followed"))
        }
        // Some platforms complete a connection closed mid-body without an error.
        if http.expectedContentLength > 0, Int64(body.count) < http.expectedContentLength {
            return .failure(TransportError(.connection, url: url.absoluteString,
                                           "the connection closed after \(body.count) of \(http.expectedContentLength) bytes"))
        }
        let headers = http.allHeaderFields.compactMap { name, value -> HTTPHeader? in
            guard let name = name as? String, let value = value as? String else { return nil }
            return HTTPHeader(name, value)
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: body, url: http.url ?? url))
    }
}
