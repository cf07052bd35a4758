public import AdLive
public import AdSignals
import StrictJSON

/// A live scenario's blackout section: what the device is, and the
/// alternate content shown while a blackout restricts it.
///
/// ```json
/// "blackout": {"alternate": {"recording": "alternate"},
///              "device": {"delivery": "web", "region": "in", "group": null}}
/// ```
///
/// On a real player the alternate is a stream it loads:
/// `"alternate": {"url": "https://…/alternate.m3u8"}`.
public struct BlackoutSpec: Sendable {
    /// The alternate stream's recording directory, as the file names it
    /// (`nil`: the alternate is a URL).
    public var alternatePath: String?
    /// The alternate stream, read from its recording.
    public var alternate: LiveRecording?
    /// The alternate stream's URL, which a real player loads.
    public var alternateURL: String?
    /// What the device is.
    public var device = DevicePolicy()
}

extension Scenario {
    /// Where a live scenario's alternate content is recorded
    /// (`"blackout": {"alternate": {"recording": DIR}}`, relative to the
    /// scenario file); nil when it has no blackout section. The caller
    /// reads it and hands it to ``decode(json:vmap:recording:alternate:ssai:)``.
    public static func alternateRecordingSource(json bytes: [UInt8]) throws(ScenarioError) -> String? {
        guard let field = try topLevel(bytes)["blackout"], case .recording(let path) = try alternateSource(field) else { return nil }
        return path
    }

    private static func alternateSource(_ field: JSONField) throws(ScenarioError) -> LiveStreamSource {
        let object = try field.object(allowing: ["alternate", "device"])
        let alternate = try object.required("alternate")
        let members = try alternate.object(allowing: ["recording", "url"])
        switch (members["recording"], members["url"]) {
        case (let recording?, nil): return .recording(try recording.nonEmptyString())
        case (nil, let url?): return .url(try webURL(url))
        default:
            throw alternate.failure("the alternate takes either \"recording\" (a directory the simulated player replays) or \"url\" (a stream a real player loads)")
        }
    }

    /// Decodes the blackout section of a live scenario.
    static func decodeBlackout(_ field: JSONField, alternate: LiveRecording?) throws(ScenarioError) -> BlackoutSpec {
        let source = try alternateSource(field)
        let object = try field.object(allowing: ["alternate", "device"])
        var spec = BlackoutSpec()
        switch source {
        case .url(let url):
            spec.alternateURL = url
        case .recording(let path):
            guard let alternate else { throw field.failure("the alternate recording has not been read") }
            guard !alternate.entries.isEmpty else {
                throw try object.required("alternate").failure("the alternate recording \"\(path)\" holds no playlist")
            }
            spec.alternatePath = path
            spec.alternate = alternate
        }
        var device = DevicePolicy()
        if let deviceField = object["device"] {
            let members = try deviceField.object(allowing: ["delivery", "region", "group"])
            if let delivery = members["delivery"] { device.delivery = try delivery.oneOf(DevicePolicy.Delivery.self) }
            if let region = members["region"] { device.region = try region.oneOf(DevicePolicy.Region.self) }
            if let group = members["group"] {
                switch group.node.value {
                case .null: device.group = nil
                case .number("0"): device.group = 0
                case .number("1"): device.group = 1
                case .number("2"): device.group = 2
                default: throw group.failure("expected a device group, 0, 1 or 2, or null for none; got \(group.node.typeName == "number" ? "another number" : group.node.typeName)")
                }
            }
        }
        spec.device = device
        return spec
    }
}
