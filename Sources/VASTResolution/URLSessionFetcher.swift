public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Fetches over one URLSession, so requests to the same host reuse their
/// connections. The body is counted as it arrives and the transfer
/// cancelled past the limit, so a 50 MB answer costs the limit, not 50 MB; a
/// redirect to any scheme but http or https, or more than five redirects,
/// fails.
public final class URLSessionFetcher: AdFetching, Sendable {
    private let session: URLSession
    private let transfers: Transfers

    /// Creates a fetcher over a session with `configuration` (by default
    /// ephemeral: no cookies, no cache, no credentials kept).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // A pod's ads are fetched at once, often from one host.
        configuration.httpMaximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost, 16)
        transfers = Transfers()
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func get(_ url: URL, timeout: Duration, maxBytes: Int) async throws(FetchFailure) -> [UInt8] {
        guard Schemes.isAllowed(url) else {
            throw FetchFailure(.scheme, url: url.absoluteString, "only http and https are fetched")
        }
        let seconds = max(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18, 0.001)
        let request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        let task = session.dataTask(with: request)
        let transfer = Transfer(url: url, maxBytes: maxBytes)
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
    private let maxBytes: Int
    private var body: [UInt8] = []
    private var failure: FetchFailure?
    private var redirects = 0
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<Result<[UInt8], FetchFailure>, Never>?

    init(url: URL, maxBytes: Int) {
        self.url = url
        self.maxBytes = maxBytes
    }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Result<[UInt8], FetchFailure>, Never>,
               in transfers: Transfers) {
        lock.withLock {
            self.task = task
            self.continuation = continuation
        }
        transfers.add(self, for: task)
        task.resume()
    }

    func cancel() { fail(FetchFailure(.timeout, url: url.absoluteString, "cancelled")) }

    private func fail(_ failure: FetchFailure) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if self.failure == nil { self.failure = failure }
            return self.task
        }
        task?.cancel()
    }

    func accepts(_ response: URLResponse) -> Bool {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail(FetchFailure(.status(http.statusCode), url: url.absoluteString, "HTTP \(http.statusCode)"))
            return false
        }
        if response.expectedContentLength > Int64(maxBytes) {
            fail(FetchFailure(.tooLarge, url: url.absoluteString,
                              "the answer is \(response.expectedContentLength) bytes, more than the limit of \(maxBytes)"))
            return false
        }
        return true
    }

    func received(_ data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(contentsOf: data)
            return body.count > maxBytes
        }
        if over { fail(FetchFailure(.tooLarge, url: url.absoluteString, "the answer is longer than the limit of \(maxBytes) bytes")) }
    }

    func follows(_ request: URLRequest) -> Bool {
        let count = lock.withLock { () -> Int in
            redirects += 1
            return redirects
        }
        guard let target = request.url, Schemes.isAllowed(target) else {
            fail(FetchFailure(.scheme, url: url.absoluteString,
                              "redirected to \(request.url?.absoluteString ?? "nothing"); only http and https are followed"))
            return false
        }
        guard count <= 5 else {
            fail(FetchFailure(.transport, url: url.absoluteString, "more than 5 redirects"))
            return false
        }
        return true
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let (continuation, result) = lock.withLock { () -> (CheckedContinuation<Result<[UInt8], FetchFailure>, Never>?, Result<[UInt8], FetchFailure>) in
            let continuation = self.continuation
            self.continuation = nil
            return (continuation, outcome(task, error))
        }
        continuation?.resume(returning: result)
    }

    /// Called with `lock` held.
    private func outcome(_ task: URLSessionTask, _ error: (any Error)?) -> Result<[UInt8], FetchFailure> {
        if let failure { return .failure(failure) }
        if let error {
            let kind: FetchFailure.Kind = (error as NSError).code == NSURLErrorTimedOut ? .timeout : .transport
            return .failure(FetchFailure(kind, url: url.absoluteString, error.localizedDescription))
        }
        // A redirect refused by returning nil completes without an error.
        if let http = task.response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            return .failure(FetchFailure(.status(http.statusCode), url: url.absoluteString, "HTTP \(http.statusCode)"))
        }
        // Some platforms complete a connection closed mid-body without an error.
        if let expected = task.response?.expectedContentLength, expected > 0, Int64(body.count) < expected {
            return .failure(FetchFailure(.transport, url: url.absoluteString, "the connection closed after \(body.count) of \(expected) bytes"))
        }
        return .success(body)
    }
}
