public import AdSSAI
import AdTimeline
import AdPlayback
import AdPolicy
public import MediaTime
import StrictJSON

/// A scenario's SSAI section: the session endpoint and the URLs that play
/// when the session gives no analytics or cannot start.
///
/// ```json
/// "ssai": {"endpoint": "https://mt.example/v1/session/…", "fallback": "https://…", "origin": "https://…", "initTimeout": 10}
/// ```
public struct SSAISpec: Sendable, Hashable {
    /// The session endpoint.
    public var endpoint: String
    /// The fallback URL.
    public var fallback: String?
    /// The origin URL.
    public var origin: String?
    /// How long the session start may take (`"initTimeout"`, seconds; default 10).
    public var initTimeout = MediaDuration(seconds: 10)

    /// Creates a section.
    public init(endpoint: String, fallback: String? = nil, origin: String? = nil) {
        self.endpoint = endpoint
        self.fallback = fallback
        self.origin = origin
    }

    /// The configuration that starts the session.
    public var configuration: SSAIConfiguration {
        var configuration = SSAIConfiguration(endpoint: endpoint, fallbackURL: fallback, originURL: origin)
        configuration.initTimeout = initTimeout.duration
        return configuration
    }
}

/// An SSAI session as a scenario plays it: how it started, and what one
/// look at it showed (its stream, its avails).
public struct SSAIScenarioSession: Sendable, Hashable {
    /// How the session started.
    public var startup: SSAIStartup
    /// Its stream and avails.
    public var look: SSAIStream.FirstLook

    /// Creates a session.
    public init(startup: SSAIStartup, look: SSAIStream.FirstLook) {
        self.startup = startup
        self.look = look
    }
}

extension Scenario {
    /// The scenario's SSAI section (`"ssai"`), nil when it has none. The
    /// caller starts the session, looks at it, and hands it to
    /// ``decode(json:vmap:recording:alternate:ssai:)``.
    public static func ssaiSource(json bytes: [UInt8]) throws(ScenarioError) -> SSAISpec? {
        guard let field = try topLevel(bytes)["ssai"] else { return nil }
        let object = try field.object(allowing: ["endpoint", "fallback", "origin", "initTimeout"])
        var spec = SSAISpec(
            endpoint: try object.required("endpoint").nonEmptyString(), fallback: try object["fallback"]?.nonEmptyString(),
            origin: try object["origin"]?.nonEmptyString())
        if let timeout = object["initTimeout"] {
            spec.initTimeout = try timeout.seconds(positive: true)
            guard spec.initTimeout <= MediaDuration(seconds: 3_600) else { throw timeout.failure("must be at most 3600 seconds") }
        }
        return spec
    }

    /// The keys an SSAI scenario may not have: its breaks come from the session.
    static func rejectKeysBesideSSAI(_ top: JSONObjectFields) throws(ScenarioError) {
        for key in ["breaks", "vmap", "blackout"] {
            if let other = top[key] { throw other.failure("an SSAI session's breaks come from its tracking data; remove \"\(key)\"") }
        }
    }

    /// Decodes a scenario whose stream is an SSAI session's: its breaks are
    /// the session's avails, its type and length the manifest's; a
    /// `stream` given must agree.
    static func decodeSSAI(_ top: JSONObjectFields, field: JSONField, session: SSAIScenarioSession?) throws(ScenarioError) -> Scenario {
        try rejectKeysBesideSSAI(top)
        guard let session else { throw field.failure("the SSAI session has not been started") }
        guard session.look.isEnded else {
            throw field.failure("the session plays a live stream, which runs in real time: follow it with `adplay ssai start`; "
                + "a scenario plays a VOD session, or a live recording (\"stream\": {\"type\": \"live\", \"recording\": DIR})")
        }
        let timeline: AdTimeline
        do {
            timeline = try session.look.vodTimeline()
        } catch {
            throw field.failure("the session's avails do not fit its stream: \(error)")
        }
        if let streamField = top["stream"] {
            let stream = try decodeStream(streamField)
            let content = timeline.contentDuration ?? .zero
            guard stream.contentDuration == content else {
                throw streamField.failure("contentDuration \(stream.contentDuration.decimalSeconds) s does not agree with the session's "
                    + "manifest: \(content.decimalSeconds) s of content (\(session.look.streamDuration.decimalSeconds) s with its ads)")
            }
            guard stream.insertion == .inStream else { throw streamField.failure("an SSAI session's ads are in the stream: insertion is inStream") }
        }
        let policy = try top["policy"].map { policy throws(ScenarioError) in try decodePolicy(policy) } ?? .strict
        let steps = try top.required("actions").array().map { step throws(ScenarioError) in try decodeStep(step, timeline: timeline) }
        var scenario = Scenario(
            timeline: timeline, policy: policy, steps: steps, placeholderStyle: BreakStyle(insertion: .inStream),
            issues: session.look.warnings)
        scenario.ssai = session.startup
        return scenario
    }
}
