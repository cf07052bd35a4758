import AdSignals
import AdTimeline
public import MediaTime
import TextEcho
import VAST
public import AdSimulation

extension Scenario {
    /// `"player"`: how the simulated player departs from an ideal one.
    ///
    /// ```json
    /// "player": {"seekLatency": 0.25, "loadLatency": 0.4, "keyframeInterval": 2,
    ///            "failAds": ["mid2/1"], "stalls": [{"at": {"stream": 700}, "for": 6}]}
    /// ```
    static func decodePlayer(
        _ field: JSONField, timeline: AdTimeline, opportunities: [AdOpportunity], isStitched: Bool, checksNames: Bool = true
    ) throws(ScenarioError) -> PlayerSpec {
        let object = try field.object(allowing: ["seekLatency", "loadLatency", "keyframeInterval", "failAds", "stalls"])
        var spec = PlayerSpec()
        if let value = object["seekLatency"] { spec.seekLatency = try value.seconds() }
        if let value = object["loadLatency"] { spec.loadLatency = try value.seconds() }
        if let value = object["keyframeInterval"] { spec.keyframeInterval = try value.seconds(positive: true) }
        for name in try object["failAds"]?.array() ?? [] {
            let text = try name.nonEmptyString()
            if isStitched { throw name.failure("an SSAI session's ads are in the main stream and cannot fail on their own") }
            if checksNames { try checkFailingAd(text, at: name, timeline: timeline, opportunities: opportunities) }
            spec.failAds.append(text)
        }
        for stallField in try object["stalls"]?.array() ?? [] {
            let stall = try stallField.object(allowing: ["at", "for"])
            let atField = try stall.required("at")
            let at = try atField.object(allowing: ["stream", "content"])
            guard at.keys.count == 1 else { throw atField.failure("give exactly one of \"stream\" or \"content\" (seconds)") }
            let position: StreamTime
            if let stream = at["stream"] {
                position = StreamTime(ticks: try stream.seconds().ticks)
            } else {
                position = timeline.streamTime(forContentTime: ContentTime(ticks: try at.required("content").seconds().ticks))
            }
            spec.stalls.append(PlayerSpec.Stall(at: position, duration: try stall.required("for").seconds(positive: true)))
        }
        return spec
    }

    /// A failing ad must name an ad the scenario has, client-side: a break's
    /// `<id>/<1-based position>`, or an ad's own id.
    private static func checkFailingAd(
        _ name: String, at field: JSONField, timeline: AdTimeline, opportunities: [AdOpportunity]
    ) throws(ScenarioError) {
        let breaks = timeline.breaks
        if let slash = name.lastIndex(of: "/"), let position = Int(name[name.index(after: slash)...]) {
            let breakID = String(name[..<slash])
            if let adBreak = breaks.first(where: { $0.id == breakID }) {
                guard (1...adBreak.ads.count).contains(position) else {
                    throw field.failure("break \(Echo.quoted(breakID)) has \(adBreak.ads.count) ads; \(position) is not one of them")
                }
                try requireClientSide(adBreak, name: name, at: field)
                return
            }
            if opportunities.contains(where: { $0.id == breakID }) {
                guard position >= 1 else { throw field.failure("positions count from 1, got \(position)") }
                return
            }
        }
        if let adBreak = breaks.first(where: { $0.ads.contains { $0.id == name } }) {
            try requireClientSide(adBreak, name: name, at: field)
            return
        }
        if opportunities.contains(where: { inlineAdIDs(of: $0).contains(name) }) { return }
        let known = breaks.map(\.id) + opportunities.map(\.id)
        throw field.failure(
            "no ad named \(Echo.quoted(name)): name one as <break id>/<position> (breaks: \(known.joined(separator: ", "))) or by its id")
    }

    private static func requireClientSide(_ adBreak: AdBreak, name: String, at field: JSONField) throws(ScenarioError) {
        guard adBreak.insertion == .inserted else {
            throw field.failure("ad \(Echo.quoted(name)) is stitched into the main stream (inStream) and cannot fail on its own")
        }
    }

    /// The ad ids of an opportunity's inline VAST, when it has one.
    private static func inlineAdIDs(of opportunity: AdOpportunity) -> [String] {
        guard case .schedule(.inlineVAST(let text)) = opportunity.signal, let document = try? VASTParser().parse(text) else {
            return []
        }
        return document.ads.compactMap(\.id)
    }
}

/// How a scenario's simulated player departs from an ideal one.
public struct PlayerSpec: Sendable, Hashable {
    /// A scripted stall: where playback stalls, and for how long.
    public typealias Stall = SimulatedPlayer.Options.Stall

    /// How long a seek takes.
    public var seekLatency: MediaDuration = .zero
    /// How long loading another item takes.
    public var loadLatency: MediaDuration = .zero
    /// Keyframes every this long; `nil`: every landing is exact.
    public var keyframeInterval: MediaDuration?
    /// The client-side ads that fail to load (VAST 401): `<break id>/<1-based
    /// position>`, or an ad's own id.
    public var failAds: [String] = []
    /// Scripted stalls.
    public var stalls: [Stall] = []

    /// Creates a spec; the defaults are an ideal player.
    public init(
        seekLatency: MediaDuration = .zero, loadLatency: MediaDuration = .zero, keyframeInterval: MediaDuration? = nil,
        failAds: [String] = [], stalls: [Stall] = []
    ) {
        self.seekLatency = seekLatency
        self.loadLatency = loadLatency
        self.keyframeInterval = keyframeInterval
        self.failAds = failAds
        self.stalls = stalls
    }
}
