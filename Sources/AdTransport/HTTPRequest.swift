public import Foundation

/// One HTTP request: what the edges send (VAST and VMAP fetches, playlist
/// refreshes, SSAI session starts, beacons).
public struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    public enum Method: String, Sendable, Hashable {
        /// `GET`.
        case get = "GET"
        /// `POST`, with a body.
        case post = "POST"
    }

    /// The method.
    public var method: Method
    /// The URL; only http and https are sent.
    public var url: URL
    /// Header fields, in order.
    public var headers: [HTTPHeader]
    /// The body, empty for a GET.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: Method = .get, url: URL, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One header field.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete answer: status, headers, the whole body and where it came
/// from after redirects.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: [HTTPHeader]
    /// The body.
    public var body: [UInt8]
    /// The URL that answered (after redirects).
    public var url: URL

    /// Creates a response.
    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8], url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The first header field with this name, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
