public import AdTransport
import Foundation
public import Logging
internal import SSAITracking

/// Starts an SSAI session with the open client-side reporting protocol
/// (AWS MediaTailor's): `POST` to the endpoint with `{"adsParams",
/// "manifestParams", "reportingMode": "client"}`, answered with
/// `{"manifestUrl", "trackingUrl"}`, both possibly relative to the
/// endpoint. Whatever happens, it says what to play (``SSAIStartup``).
///
/// ```swift
/// let startup = await SSAISessionStart.start(configuration, client: client)
/// print(startup.status, startup.reason, startup.playbackURL as Any)
/// ```
public enum SSAISessionStart {
    /// The largest answer read (1 MiB).
    public static let maxAnswerBytes = 1 << 20

    /// Starts the session `configuration` describes, within its time limit
    /// on the client's clock, and logs how it went: info when it started,
    /// notice when a fallback tier plays instead (with why), error when
    /// nothing can play.
    public static func start(_ configuration: SSAIConfiguration, client: HTTPClient, logger: Logger = .silent) async -> SSAIStartup {
        let startup = await decide(configuration, client: client)
        var metadata: Logger.Metadata = [
            "status": "\(startup.status.rawValue)", "code": "\(startup.code)", "reason": "\(startup.reason)",
            "playback": "\(startup.playbackURL?.redactedForLog ?? "nothing")",
        ]
        if let tracking = startup.trackingURL { metadata["tracking"] = "\(tracking.redactedForLog)" }
        switch startup.status {
        case .initialised: logger.info("SSAI session started", metadata: metadata)
        case _ where startup.playbackURL == nil: logger.error("SSAI session failed and nothing can play", metadata: metadata)
        default: logger.notice("SSAI fallback tier plays", metadata: metadata)
        }
        return startup
    }

    private static func decide(_ configuration: SSAIConfiguration, client: HTTPClient) async -> SSAIStartup {
        let fallback = usable(configuration.fallbackURL)
        guard configuration.analytics else {
            return SSAIStartup(status: .noAnalytics, reason: "the app asked for no analytics", code: SSAIStartup.Code.success,
                               playbackURL: fallback ?? usable(configuration.originURL))
        }
        func failure(_ reason: String, _ code: Int) -> SSAIStartup {
            SSAIStartup(status: .failed, reason: reason, code: code, playbackURL: usable(configuration.originURL) ?? fallback)
        }
        guard let endpoint = usable(configuration.endpoint) else {
            return failure("the session endpoint \"\(configuration.endpoint)\" is not an http or https URL", SSAIStartup.Code.malformedURL)
        }
        let body = SessionAnswer.requestBody(
            adsParams: configuration.adsParams.map { ($0.name, $0.value) },
            manifestParams: configuration.manifestParams.map { ($0.name, $0.value) })
        let request = HTTPRequest(method: .post, url: endpoint, headers: [HTTPHeader("Content-Type", "application/json")], body: body)
        let response: HTTPResponse
        do {
            response = try await client.send(request, limits: TransportLimits(maxBodyBytes: maxAnswerBytes, timeout: configuration.initTimeout))
        } catch {
            return failure("the session start failed: \(error.message)", code(of: error))
        }
        let answer: SessionAnswer
        do {
            answer = try SessionAnswer.parse(response.body)
        } catch {
            return failure("the session start's answer is not the expected JSON: \(error)", SSAIStartup.Code.unknownFormat)
        }
        guard let manifest = usable(answer.manifestURL, relativeTo: response.url) else {
            return failure("the session's manifestUrl \"\(answer.manifestURL)\" is not a usable URL", SSAIStartup.Code.malformedURL)
        }
        guard let trackingText = answer.trackingURL else {
            return SSAIStartup(status: .noAnalytics, reason: "the session gave no trackingUrl", code: SSAIStartup.Code.unknownFormat,
                               playbackURL: fallback ?? manifest)
        }
        guard let tracking = usable(trackingText, relativeTo: response.url) else {
            return SSAIStartup(status: .noAnalytics, reason: "the session's trackingUrl \"\(trackingText)\" is not a usable URL",
                               code: SSAIStartup.Code.malformedURL, playbackURL: fallback ?? manifest)
        }
        return SSAIStartup(status: .initialised, reason: "the session started", code: SSAIStartup.Code.success,
                           playbackURL: manifest, trackingURL: tracking)
    }

    /// The code a transport failure is reported with.
    static func code(of error: TransportError) -> Int {
        switch error.kind {
        case .status(let status): status
        case .timeout: SSAIStartup.Code.timeout
        case .malformedURL, .scheme: SSAIStartup.Code.malformedURL
        case .tooLarge: SSAIStartup.Code.unknownFormat
        case .connection, .cancelled: SSAIStartup.Code.connectionError
        }
    }

    /// `text` as an absolute http or https URL with a host (resolved
    /// against `base` when relative), or `nil`.
    static func usable(_ text: String?, relativeTo base: URL? = nil) -> URL? {
        guard let text, !text.isEmpty, let url = URL(string: text, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
