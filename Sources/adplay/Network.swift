#if os(Linux)
import AdCurl
#else
import AdURLSession
#endif
import AdTransport
import Foundation
import VAST
import VASTResolution

/// The command line's one way onto the network: a transport whose every
/// request is bounded on the wall clock, and the VAST resolver that uses it.
///
/// On Linux the transport is libcurl, loaded by the first request: a
/// command that reads only files never loads it, nor FoundationNetworking
/// and the thirty-odd libraries it brings, which would double its start-up.
enum Network {
    #if os(Linux)
    static let client = HTTPClient(transport: CurlTransport(), clock: ContinuousClock())
    #else
    static let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
    #endif

    /// A wrapper-chain resolver over ``client`` that stamps error reports
    /// with the date now, and sends none: the tool lists what it would
    /// send, unless told to send it.
    static func vastResolver() -> VASTChainResolver {
        var resolver = VASTChainResolver(client: client, macroValues: { VASTMacros.standardValues(at: Date()) })
        resolver.reportsErrors = false
        return resolver
    }

    /// Whether `source` names an http or https URL rather than a file.
    static func url(_ source: String) -> URL? {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        return url
    }

    /// Seconds as a duration, to the millisecond.
    static func duration(seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1_000).rounded())) }
}
