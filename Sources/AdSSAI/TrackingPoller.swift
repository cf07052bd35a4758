public import AdTransport
public import Foundation
public import SSAITracking

/// Fetches one poll of an SSAI session's tracking data: the tracking URL,
/// then each `nextToken` page (the token as the `nextToken` query
/// parameter, percent-encoded) until no token comes back.
///
/// ```swift
/// let pages = try await TrackingPoller(url: trackingURL, client: client).poll(timeout: .seconds(2))
/// let changes = ledger.merge(pages, windowStart: windowStart)
/// ```
public struct TrackingPoller: Sendable {
    /// Why a poll gave nothing usable.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The request failed.
        case transport(TransportError)
        /// An answer is not tracking data: where and why.
        case data(url: String, TrackingDataError)
        /// A server that keeps handing out tokens: the poll stops at the limit.
        case tooManyPages(Int)

        public var description: String {
            switch self {
            case .transport(let error): "\(error)"
            case .data(let url, let error): "\(url): \(error)"
            case .tooManyPages(let limit): "more than \(limit) nextToken pages in one poll"
            }
        }
    }

    /// The tracking URL.
    public let url: URL
    /// What fetches it.
    public let client: HTTPClient
    /// The most pages one poll follows.
    public var maxPages = 50

    /// Creates a poller.
    public init(url: URL, client: HTTPClient) {
        self.url = url
        self.client = client
    }

    /// One poll: every page, in order, within `timeout` in all.
    /// - Throws: ``Failure``: the first page or a later one failed, did not
    ///   parse, or the pages did not end.
    public func poll(timeout: Duration) async throws(Failure) -> [TrackingResponse] {
        let deadline = Deadline(after: timeout, on: client.clock)
        var pages: [TrackingResponse] = []
        var next: URL? = url
        while let pageURL = next {
            guard pages.count < maxPages else { throw .tooManyPages(maxPages) }
            let body: [UInt8]
            do {
                body = try await client.get(pageURL, limits: TransportLimits(maxBodyBytes: TrackingParser.maxBytes, timeout: timeout), deadline: deadline)
            } catch {
                throw .transport(error)
            }
            let page: TrackingResponse
            do {
                page = try TrackingParser.parse(body)
            } catch {
                throw .data(url: pageURL.absoluteString, error)
            }
            pages.append(page)
            next = page.nextToken.flatMap { Self.url(url, nextToken: $0) }
        }
        return pages
    }

    /// `base` asking for the page after `token`: its query plus
    /// `nextToken=<token>`, percent-encoded, a token's own `%XX` escapes
    /// kept (servers hand some out already encoded).
    public static func url(_ base: URL, nextToken token: String) -> URL? {
        var text = base.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        text += (text.contains("?") ? "&" : "?") + "nextToken=" + encoded(token)
        return URL(string: text)
    }

    static func encoded(_ token: String) -> String {
        let bytes = Array(token.utf8)
        var out = ""
        var index = 0
        func isHex(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) }
        while index < bytes.count {
            let byte = bytes[index]
            let unreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else if byte == 0x25, index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                out += "%"
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
            index += 1
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
