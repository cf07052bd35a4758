public import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif

/// Fetches over URLSession, one ephemeral session per request (no cookies,
/// no cache). The body is counted as it arrives and the transfer cancelled
/// past the limit, so a 50 MB answer costs the limit, not 50 MB; a redirect
/// to any scheme but http or https, or more than five redirects, fails.
public struct URLSessionFetcher: AdFetching {
    /// Creates a fetcher.
    public init() {}

    public func get(_ url: URL, timeout: Duration, maxBytes: Int) async throws(FetchFailure) -> [UInt8] {
        guard Schemes.isAllowed(url) else {
            throw FetchFailure(.scheme, url: url.absoluteString, "only http and https are fetched")
        }
        let seconds = max(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18, 0.001)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let transfer = Transfer(url: url, maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(session.dataTask(with: url), continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}

/// One request's state, shared with URLSession's delegate queue.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Result<[UInt8], FetchFailure>, Never>) {
        lock.withLock {
            self.task = task
            self.continuation = continuation
        }
        task.resume()
    }

    func cancel() {
        fail(FetchFailure(.timeout, url: url.absoluteString, "cancelled"))
    }

    private func fail(_ failure: FetchFailure) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if self.failure == nil { self.failure = failure }
            return self.task
        }
        task?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail(FetchFailure(.status(http.statusCode), url: url.absoluteString, "HTTP \(http.statusCode)"))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maxBytes) {
            fail(FetchFailure(.tooLarge, url: url.absoluteString,
                              "the answer is \(response.expectedContentLength) bytes, more than the limit of \(maxBytes)"))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            body.append(contentsOf: data)
            return body.count > maxBytes
        }
        if over { fail(FetchFailure(.tooLarge, url: url.absoluteString, "the answer is longer than the limit of \(maxBytes) bytes")) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let count = lock.withLock { () -> Int in
            redirects += 1
            return redirects
        }
        guard let target = request.url, Schemes.isAllowed(target) else {
            fail(FetchFailure(.scheme, url: url.absoluteString, "redirected to \(request.url?.absoluteString ?? "nothing"); only http and https are followed"))
            completionHandler(nil)
            return
        }
        guard count <= 5 else {
            fail(FetchFailure(.transport, url: url.absoluteString, "more than 5 redirects"))
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = lock.withLock { () -> (CheckedContinuation<Result<[UInt8], FetchFailure>, Never>?, Result<[UInt8], FetchFailure>) in
            let continuation = self.continuation
            self.continuation = nil
            if let failure { return (continuation, .failure(failure)) }
            if let error {
                let nsError = error as NSError
                let kind: FetchFailure.Kind = nsError.code == NSURLErrorTimedOut ? .timeout : .transport
                return (continuation, .failure(FetchFailure(kind, url: url.absoluteString, error.localizedDescription)))
            }
            // A redirect refused by returning nil completes without an error.
            if let http = task.response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                return (continuation, .failure(FetchFailure(.status(http.statusCode), url: url.absoluteString, "HTTP \(http.statusCode)")))
            }
            // Some platforms complete a connection closed mid-body without an error.
            if let expected = task.response?.expectedContentLength, expected > 0, Int64(body.count) < expected {
                return (continuation, .failure(FetchFailure(.transport, url: url.absoluteString,
                                                            "the connection closed after \(body.count) of \(expected) bytes")))
            }
            return (continuation, .success(body))
        }
        continuation?.resume(returning: result)
    }
}
