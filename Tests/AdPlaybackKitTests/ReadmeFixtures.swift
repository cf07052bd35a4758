import AdPlaybackKit
import Foundation

/// What the README tests need of Foundation, kept out of the files that
/// compile the README's examples with exactly the imports they show.
enum ReadmeFixtures {
    static let playlistURL = URL(string: "https://origin.example/live.m3u8")!

    /// A path in the temporary directory that nothing uses yet.
    static func temporaryPath(_ prefix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    }

    /// Removes what is at `path`, if anything.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// An SSAI server in memory: the session start, an ended manifest with one
/// stitched avail, and its tracking data.
struct InMemorySSAI: HTTPTransport {
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let body: String
        switch request.url.path {
        case "/v1/session/account/channel":
            body = #"{"manifestUrl": "/v1/master/session/index.m3u8", "trackingUrl": "/v1/tracking/session"}"#
        case "/v1/master/session/index.m3u8":
            body = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n" + (0..<6).map { "#EXTINF:2,\ns\($0).ts\n" }.joined() + "#EXT-X-ENDLIST\n"
        case "/v1/tracking/session":
            body = #"{"avails": [{"availId": "avail-1", "startTimeInSeconds": 4, "durationInSeconds": 4, "ads": [{"adId": "a", "startTimeInSeconds": 4, "durationInSeconds": 4}]}]}"#
        default:
            return HTTPResponse(status: 404, body: [], url: request.url)
        }
        return HTTPResponse(status: 200, body: Array(body.utf8), url: request.url)
    }
}

/// Answers every request with one playlist text.
struct InMemoryLive: HTTPTransport {
    let text: String
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(text.utf8), url: request.url)
    }
}
