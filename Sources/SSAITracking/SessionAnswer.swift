internal import StrictJSON

/// What an SSAI server answers to a session start (MediaTailor's
/// `POST /v1/session/…`): the session's manifest and tracking URLs, as
/// written (they may be relative to the endpoint).
public struct SessionAnswer: Sendable, Hashable {
    /// `manifestUrl`.
    public var manifestURL: String
    /// `trackingUrl`, `nil` when the answer has none (or an empty one).
    public var trackingURL: String?

    /// Creates an answer.
    public init(manifestURL: String, trackingURL: String?) {
        self.manifestURL = manifestURL
        self.trackingURL = trackingURL
    }

    /// Reads an answer.
    /// - Throws: ``TrackingDataError``: not JSON, not an object, or no
    ///   `manifestUrl` string.
    public static func parse(_ bytes: [UInt8]) throws(TrackingDataError) -> SessionAnswer {
        let document = try JSONPathValue.document(bytes)
        let manifest = try document.required("manifestUrl").string()
        guard !manifest.isEmpty else { throw document.failure("\"manifestUrl\" is empty") }
        let tracking = try document["trackingUrl"]?.string()
        return SessionAnswer(manifestURL: manifest, trackingURL: tracking?.isEmpty == false ? tracking : nil)
    }

    /// The body of a session start: `{"adsParams": {…}, "manifestParams":
    /// {…}, "reportingMode": "client"}`, keys in the order given.
    public static func requestBody(adsParams: [(String, String)], manifestParams: [(String, String)]) -> [UInt8] {
        var out = JSONOutput()
        out.openObject()
        for (name, params) in [("adsParams", adsParams), ("manifestParams", manifestParams)] {
            out.key(name)
            out.openObject()
            for (key, value) in params {
                out.key(key)
                out.value(value)
            }
            out.closeObject()
        }
        out.member("reportingMode", "client")
        out.closeObject()
        return out.bytes
    }
}
