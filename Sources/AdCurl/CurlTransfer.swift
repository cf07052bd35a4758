internal import AdTransport
internal import CCurl
internal import Foundation

/// One request on libcurl's easy interface: run on a thread of its own,
/// answered once, by its end or by its cancellation (whichever comes
/// first; a cancelled transfer stops at libcurl's next progress call).
final class CurlTransfer: @unchecked Sendable {
    private let request: HTTPRequest
    private let limits: TransportLimits
    private var url: String { request.url.absoluteString }
    private var cancellation: TransportError { TransportError(.cancelled, url: url, "cancelled") }

    // Touched only by the transfer's thread, inside `perform`.
    private var body: [UInt8] = []
    private var headers: [HTTPHeader] = []
    private var failure: TransportError?

    // Touched only with `lock` held.
    private let lock = NSLock()
    private var cancelled = false
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?

    private let running: RunningCount

    init(request: HTTPRequest, limits: TransportLimits, running: RunningCount) {
        self.request = request
        self.limits = limits
        self.running = running
    }

    func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        let alreadyCancelled = lock.withLock { () -> Bool in
            self.continuation = continuation
            return cancelled
        }
        if alreadyCancelled {
            answer(.failure(cancellation))
            return
        }
        running.add(1)
        let thread = Thread { [self] in
            let result = perform()
            running.add(-1)
            answer(result)
        }
        thread.name = "CurlTransport"
        thread.start()
    }

    /// Answers at once; the transfer itself stops at libcurl's next progress call.
    func cancel() {
        lock.withLock { cancelled = true }
        answer(.failure(cancellation))
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    private func answer(_ result: Result<HTTPResponse, TransportError>) {
        let continuation = lock.withLock { () -> CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? in
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: result)
    }

    private func perform() -> Result<HTTPResponse, TransportError> {
        guard let handle = ccurl_easy_init() else {
            return .failure(TransportError(.connection, url: url, "libcurl could not start a transfer"))
        }
        defer { ccurl_easy_cleanup(handle) }
        var headerList: UnsafeMutableRawPointer?
        defer { if let headerList { ccurl_slist_free_all(headerList) } }
        for header in request.headers { headerList = ccurl_slist_append(headerList, "\(header.name): \(header.value)") }
        var errorText = [CChar](repeating: 0, count: Int(CCURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code = errorText.withUnsafeMutableBufferPointer { errorText in
            request.body.withUnsafeBytes { postBody in
                configure(handle, errorText: errorText.baseAddress!, headers: headerList, postBody: postBody, context: context)
                return ccurl_easy_perform(handle)
            }
        }
        let message = String(nulTerminated: errorText)
        return outcome(Int(code), handle, message.isEmpty ? String(cString: ccurl_easy_strerror(code)) : message)
    }

    private func configure(_ handle: UnsafeMutableRawPointer, errorText: UnsafeMutablePointer<CChar>, headers: UnsafeMutableRawPointer?,
                           postBody: UnsafeRawBufferPointer, context: UnsafeMutableRawPointer) {
        func set(_ option: Int, _ value: Int) { _ = ccurl_setopt_long(handle, Int32(option), value) }
        func set(_ option: Int, _ value: UnsafeRawPointer?) { _ = ccurl_setopt_pointer(handle, Int32(option), value) }
        func set(_ option: Int, text: String) { _ = text.withCString { ccurl_setopt_pointer(handle, Int32(option), $0) } }
        set(CCURLOPT_URL, text: url)
        set(CCURLOPT_ERRORBUFFER, UnsafeRawPointer(errorText))
        set(CCURLOPT_NOSIGNAL, 1)
        set(CCURLOPT_FOLLOWLOCATION, 1)
        set(CCURLOPT_MAXREDIRS, limits.maxRedirects)
        // Only http and https, on the URL and on every redirect (bits 1 and 2 before libcurl 7.85).
        set(CCURLOPT_PROTOCOLS_STR, text: "http,https")
        if ccurl_setopt_pointer(handle, Int32(CCURLOPT_REDIR_PROTOCOLS_STR), "http,https") == CCURLE_UNKNOWN_OPTION {
            set(CCURLOPT_REDIR_PROTOCOLS, 3)
        }
        let timeout = limits.timeout.components
        set(CCURLOPT_TIMEOUT_MS, max(1, Int(timeout.seconds) * 1_000 + Int(timeout.attoseconds / 1_000_000_000_000_000)))
        // Every encoding libcurl can decode; the decoded body is what counts against the limit.
        set(CCURLOPT_ACCEPT_ENCODING, text: "")
        _ = ccurl_setopt_off(handle, Int32(CCURLOPT_MAXFILESIZE_LARGE), Int64(limits.maxBodyBytes))
        set(CCURLOPT_HTTPHEADER, UnsafeRawPointer(headers))
        switch request.method {
        case .get:
            set(CCURLOPT_HTTPGET, 1)
        case .post:
            set(CCURLOPT_POST, 1)
            set(CCURLOPT_POSTFIELDS, postBody.baseAddress ?? UnsafeRawPointer(errorText))
            _ = ccurl_setopt_off(handle, Int32(CCURLOPT_POSTFIELDSIZE_LARGE), Int64(postBody.count))
        }
        _ = ccurl_setopt_data_callback(handle, Int32(CCURLOPT_WRITEFUNCTION)) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.received(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        set(CCURLOPT_WRITEDATA, UnsafeRawPointer(context))
        _ = ccurl_setopt_data_callback(handle, Int32(CCURLOPT_HEADERFUNCTION)) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            transfer.headerLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        set(CCURLOPT_HEADERDATA, UnsafeRawPointer(context))
        _ = ccurl_setopt_progress_callback(handle, Int32(CCURLOPT_XFERINFOFUNCTION)) { context, _, _, _, _ in
            Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0
        }
        set(CCURLOPT_XFERINFODATA, UnsafeRawPointer(context))
        set(CCURLOPT_NOPROGRESS, 0)
    }

    /// Body bytes as they arrive; false stops the transfer.
    private func received(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limits.maxBodyBytes else {
            failure = TransportError(.tooLarge, url: url, "the answer is longer than the limit of \(limits.maxBodyBytes) bytes")
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line; a status line starts the headers of the next answer (after a redirect).
    private func headerLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = []
            body = []
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        headers.append(HTTPHeader(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }

    private func outcome(_ code: Int, _ handle: UnsafeMutableRawPointer, _ message: String) -> Result<HTTPResponse, TransportError> {
        if let failure { return .failure(failure) }
        switch code {
        case Int(CCURLE_OK):
            break
        case Int(CCURLE_ABORTED_BY_CALLBACK):
            return .failure(cancellation)
        case Int(CCURLE_OPERATION_TIMEDOUT):
            return .failure(TransportError(.timeout, url: url, message))
        case Int(CCURLE_FILESIZE_EXCEEDED):
            var length: Int64 = -1
            _ = ccurl_getinfo_off(handle, Int32(CCURLINFO_CONTENT_LENGTH_DOWNLOAD_T), &length)
            return .failure(TransportError(.tooLarge, url: url, "the answer is \(length) bytes, more than the limit of \(limits.maxBodyBytes)"))
        case Int(CCURLE_TOO_MANY_REDIRECTS):
            return .failure(TransportError(.connection, url: url, "more than \(limits.maxRedirects) redirects"))
        case Int(CCURLE_UNSUPPORTED_PROTOCOL):
            let target = headers.last { $0.name.caseInsensitiveCompare("Location") == .orderedSame }?.value ?? "another scheme"
            return .failure(TransportError(.scheme, url: url, "redirected to \(target); only http and https are followed"))
        case Int(CCURLE_URL_MALFORMAT):
            return .failure(TransportError(.malformedURL, url: url, message))
        default:
            return .failure(TransportError(.connection, url: url, message))
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, Int32(CCURLINFO_RESPONSE_CODE), &status)
        var effective: UnsafePointer<CChar>?
        _ = ccurl_getinfo_string(handle, Int32(CCURLINFO_EFFECTIVE_URL), &effective)
        if (300..<400).contains(status) {
            return .failure(TransportError(.status(status), url: url, "HTTP \(status), not followed"))
        }
        let answered = effective.flatMap { URL(string: String(cString: $0)) } ?? request.url
        return .success(HTTPResponse(status: status, headers: headers, body: body, url: answered))
    }
}

/// How many of a transport's transfers still run on their threads: a
/// cancelled one runs on until libcurl's next progress call.
final class RunningCount: @unchecked Sendable {
    // `value` is touched only with `lock` held.
    private let lock = NSLock()
    private var value = 0

    var current: Int { lock.withLock { value } }

    func add(_ change: Int) { lock.withLock { value += change } }
}
