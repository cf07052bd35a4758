/// How to start an SSAI session, and what to play when it cannot start:
/// the seed's three tiers (DESIGN: SSAI session and fallback).
public struct SSAIConfiguration: Sendable, Hashable {
    /// The session endpoint (MediaTailor's `…/v1/session/…`), POSTed to.
    public var endpoint: String
    /// What plays, without analytics, when the session gives no usable
    /// tracking URL or the app asks for no tracking.
    public var fallbackURL: String?
    /// What plays when the session cannot start at all (the stream without
    /// server-side ads).
    public var originURL: String?
    /// `adsParams`: passed to the ad decision server, in order.
    public var adsParams: [Parameter] = []
    /// `manifestParams`: passed to the origin, in order.
    public var manifestParams: [Parameter] = []
    /// Whether the app allows analytics (ad tracking). `false` (a
    /// consent-driven no-tracking mode) plays the fallback without starting
    /// a session.
    public var analytics = true
    /// How long the session start may take, on the injected clock.
    public var initTimeout: Duration = .seconds(10)

    /// One parameter.
    public struct Parameter: Sendable, Hashable {
        /// Its name.
        public var name: String
        /// Its value.
        public var value: String

        /// Creates a parameter.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a configuration.
    public init(endpoint: String, fallbackURL: String? = nil, originURL: String? = nil) {
        self.endpoint = endpoint
        self.fallbackURL = fallbackURL
        self.originURL = originURL
    }
}
