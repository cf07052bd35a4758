internal import TextEcho
import StrictJSON
import AdPlayback
import AdPolicy
import AdSignals
import HLS
import AdTimeline
public import MediaTime
public import VAST
public import AdLive

extension Scenario {
    /// The largest scenario file read.
    public static let maxFileSize = 64 << 20

    /// Where a scenario takes its breaks from a VMAP (`"vmap": PATH_OR_URL`):
    /// the location as written and the content duration to place them in;
    /// nil when it lists its breaks. The caller fetches and parses the VMAP
    /// and hands it to ``decode(json:vmap:recording:alternate:ssai:)``.
    public static func vmapSource(json bytes: [UInt8]) throws(ScenarioError) -> (location: String, contentDuration: MediaDuration)? {
        let top = try topLevel(bytes)
        guard let field = top["vmap"] else { return nil }
        let location = try field.nonEmptyString()
        return (location, try decodeStream(try top.required("stream")).contentDuration)
    }

    /// Reads a scenario from JSON, checking every key and value. A scenario
    /// with `"vmap"` needs the VMAP document in `vmap`: its breaks become
    /// opportunities, resolved while the scenario runs. A live one needs its
    /// `recording`, and with `"blackout"` the `alternate` content's. One
    /// with `"ssai"` needs its started `ssai` session.
    /// - Throws: ``ScenarioError`` naming the JSON path, line and column.
    public static func decode(
        json bytes: [UInt8], vmap document: VMAPDocument? = nil, recording: LiveRecording? = nil,
        alternate: LiveRecording? = nil, ssai: SSAIScenarioSession? = nil
    ) throws(ScenarioError) -> Scenario {
        try decode(json: bytes, vmap: document, recording: recording, alternate: alternate, ssai: ssai, vmapIsStandIn: false)
    }

    /// Decodes; with `vmapIsStandIn` the VMAP is an empty stand-in (the
    /// file is checked before the real one is fetched), so what names its
    /// breaks and ads waits for the real one.
    static func decode(
        json bytes: [UInt8], vmap document: VMAPDocument?, recording: LiveRecording?, alternate: LiveRecording?,
        ssai: SSAIScenarioSession?, vmapIsStandIn: Bool
    ) throws(ScenarioError) -> Scenario {
        let top = try topLevel(bytes)
        if let field = top["manifest"] {
            throw field.failure("breaks from \"manifest\" are not supported yet; list them under \"breaks\" or give a \"vmap\"")
        }
        let title = try top["description"]?.string()
        var scenario = try decodeBody(top, vmap: document, recording: recording, alternate: alternate, ssai: ssai)
        scenario.title = title
        if let field = top["primaryID"] { scenario.primaryID = try field.nonEmptyString() }
        if let field = top["player"] {
            scenario.player = try decodePlayer(
                field, timeline: scenario.timeline, opportunities: scenario.opportunities,
                isStitched: scenario.ssai != nil,
                checksNames: !(vmapIsStandIn && top["vmap"] != nil) && scenario.liveRecording == nil)
        }
        return scenario
    }

    private static func decodeBody(
        _ top: JSONObjectFields, vmap document: VMAPDocument?, recording: LiveRecording?, alternate: LiveRecording?,
        ssai: SSAIScenarioSession?
    ) throws(ScenarioError) -> Scenario {
        if let field = top["ssai"] { return try decodeSSAI(top, field: field, session: ssai) }
        let streamField = try top.required("stream")
        if let source = try liveSource(streamField) {
            var scenario = try decodeLive(top, stream: streamField, source: source, recording: recording)
            scenario.blackout = try top["blackout"].map { field throws(ScenarioError) in try decodeBlackout(field, alternate: alternate) }
            return scenario
        }
        if let field = top["blackout"] { throw field.failure("blackouts apply to a live stream (\"stream\": {\"type\": \"live\", …})") }
        // A VMAP's ads are client-side unless the file says they are stitched in.
        let stream = try decodeStream(streamField, defaultInsertion: top["vmap"] == nil ? .inStream : .inserted)
        let timeline: AdTimeline
        var opportunities: [AdOpportunity] = []
        var issues: [String] = []
        if let vmap = top["vmap"] {
            if let breaks = top["breaks"] { throw breaks.failure("give either \"breaks\" or \"vmap\", not both") }
            _ = try vmap.nonEmptyString()
            guard let document else { throw vmap.failure("the VMAP has not been read") }
            (opportunities, issues) = VMAPSchedule.opportunities(in: document, contentDuration: stream.contentDuration)
            timeline = try decodeTimeline([], stream: stream)
        } else {
            timeline = try decodeTimeline(try top["breaks"]?.array() ?? [], stream: stream)
        }
        let resolveTimeout = try decodeResolveTimeout(top)
        let policy = try top["policy"].map { field throws(ScenarioError) in try decodePolicy(field) } ?? .strict
        let steps = try top.required("actions").array().map { field throws(ScenarioError) in
            try decodeStep(field, timeline: timeline)
        }
        var scenario = Scenario(
            timeline: timeline, policy: policy, steps: steps, opportunities: opportunities,
            placeholderStyle: BreakStyle(insertion: stream.insertion), resolveTimeout: resolveTimeout, issues: issues)
        scenario.streamURL = stream.url
        return scenario
    }

    static func topLevel(_ bytes: [UInt8]) throws(ScenarioError) -> JSONObjectFields {
        guard bytes.count <= maxFileSize else {
            throw ScenarioError(path: "$", message: "the file is larger than \(maxFileSize >> 20) MiB")
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw ScenarioError(path: "$", line: error.line, column: error.column, message: "invalid JSON: \(error.message)")
        }
        return try JSONField(node: root, path: "$").object(
            allowing: [
                "description", "stream", "breaks", "vmap", "resolveTimeout", "manifest", "policy", "actions", "blackout", "ssai",
                "player", "primaryID",
            ])
    }

    /// Where a live scenario's recording is (`"stream": {"type": "live",
    /// "recording": DIR}`, relative to the scenario file); nil for VOD. The
    /// caller reads the recording and hands it to ``decode(json:vmap:recording:alternate:ssai:)``.
    public static func liveRecordingSource(json bytes: [UInt8]) throws(ScenarioError) -> String? {
        let top = try topLevel(bytes)
        guard top["ssai"] == nil else { return nil }
        guard case .recording(let path)? = try liveSource(try top.required("stream")) else { return nil }
        return path
    }

    /// Where a live stream comes from.
    enum LiveStreamSource {
        /// A recording's directory, replayed on the simulated player.
        case recording(String)
        /// The playlist a real player follows.
        case url(String)
    }

    /// A live stream's source; nil for any other stream.
    private static func liveSource(_ field: JSONField) throws(ScenarioError) -> LiveStreamSource? {
        guard case .object(let members) = field.node.value,
              case .string("live")? = members.first(where: { $0.key == "type" })?.value.value else { return nil }
        let object = try field.object(allowing: ["type", "recording", "url"])
        switch (object["recording"], object["url"]) {
        case (let recording?, nil): return .recording(try recording.nonEmptyString())
        case (nil, let url?): return .url(try webURL(url))
        default:
            throw field.failure("a live stream takes either \"recording\" (a directory the simulated player replays) or \"url\" (a playlist a real player follows)")
        }
    }

    /// An http(s) URL a player is handed.
    static func webURL(_ field: JSONField) throws(ScenarioError) -> String {
        let url = try field.nonEmptyString()
        if let refusal = MediaURL.refusal(url) { throw field.failure(refusal) }
        return url
    }

    private static func decodeLive(
        _ top: JSONObjectFields, stream: JSONField, source: LiveStreamSource, recording: LiveRecording?
    ) throws(ScenarioError) -> Scenario {
        for key in ["breaks", "vmap"] {
            if let field = top[key] { throw field.failure("a live stream's breaks come from the stream; remove \"\(key)\"") }
        }
        if case .recording = source, recording == nil { throw stream.failure("the live recording has not been read") }
        if case .recording = source, let recording, let vod = try decodeVOD(top, stream: stream, recording: recording) { return vod }
        let timeline: AdTimeline
        do {
            timeline = try AdTimeline(contentDuration: nil, breaks: [])
        } catch {
            throw stream.failure(error.description)
        }
        let policy = try top["policy"].map { field throws(ScenarioError) in try decodePolicy(field) } ?? .strict
        let steps = try top.required("actions").array().map { field throws(ScenarioError) in
            try decodeStep(field, timeline: timeline, isLive: true)
        }
        let resolveTimeout = try decodeResolveTimeout(top)
        var scenario = Scenario(
            timeline: timeline, policy: policy, steps: steps,
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent), resolveTimeout: resolveTimeout)
        switch source {
        case .recording: scenario.liveRecording = recording
        case .url(let url): scenario.liveURL = url
        }
        return scenario
    }

    /// A recording whose first playlist has EXT-X-ENDLIST is an HLS VOD
    /// stream: its length is the playlist's, playback starts at 0 and may
    /// seek anywhere, its interstitials and cues are the opportunities
    /// (relative URIs resolve against the URL it was recorded from), and
    /// the ads its creative signalling describes are breaks from the start.
    private static func decodeVOD(_ top: JSONObjectFields, stream: JSONField, recording: LiveRecording) throws(ScenarioError) -> Scenario? {
        guard let first = recording.entries.first else { return nil }
        let playlist: MediaPlaylist
        do {
            playlist = try PlaylistParser().parseMedia(first.body)
        } catch {
            return nil  // the live path reports what does not parse, where
        }
        guard playlist.endList else { return nil }
        // SVTA 2053-2 creative signalling describes ads stitched into the
        // stream, known up front: in-stream breaks that replace the stream's
        // time they take, with their tracking.
        let stitched = playlist.creativeSignals
            .compactMap { AdOpportunity($0, in: playlist, playlistURL: recording.url)?.trackedBreak(occupancy: .replacesContent) }
        let timeline: AdTimeline
        do {
            timeline = try AdTimeline(contentDuration: playlist.duration, breaks: stitched)
        } catch {
            throw stream.failure(error.description)
        }
        let resolveTimeout = try decodeResolveTimeout(top)
        let policy = try top["policy"].map { field throws(ScenarioError) in try decodePolicy(field) } ?? .strict
        let steps = try top.required("actions").array().map { field throws(ScenarioError) in try decodeStep(field, timeline: timeline) }
        let opportunities = playlist.opportunities.map { AdOpportunity($0, in: playlist, playlistURL: recording.url) }
        var scenario = Scenario(
            timeline: timeline, policy: policy, steps: steps, opportunities: opportunities,
            placeholderStyle: BreakStyle(insertion: .inserted), resolveTimeout: resolveTimeout,
            issues: playlist.warnings.map { "the playlist: \($0)" })
        scenario.streamURL = recording.url
        return scenario
    }

    /// The longest `"resolveTimeout"`: RFC 8216bis §D.5 lets a client wait
    /// up to a minute for an interstitial's asset list, and no resolution
    /// may hold playback longer.
    static let maxResolveTimeout = MediaDuration(seconds: 60)

    /// `"resolveTimeout"`: seconds above 0, at most ``maxResolveTimeout``; the default without it.
    private static func decodeResolveTimeout(_ top: JSONObjectFields) throws(ScenarioError) -> MediaDuration {
        guard let field = top["resolveTimeout"] else { return defaultResolveTimeout }
        let seconds = try field.seconds(positive: true)
        guard seconds <= maxResolveTimeout else {
            throw field.failure("must be at most \(maxResolveTimeout) seconds (RFC 8216bis §D.5: a minute at most for an asset list), got \(seconds)")
        }
        return seconds
    }

    struct StreamSpec {
        var contentDuration: MediaDuration
        var insertion: Insertion
        /// What a real player loads as the main stream (`"url"`).
        var url: String?
    }

    /// The stream; `insertion` is `defaultInsertion` when the file does not say.
    static func decodeStream(_ field: JSONField, defaultInsertion: Insertion = .inStream) throws(ScenarioError) -> StreamSpec {
        let object = try field.object(allowing: ["type", "contentDuration", "insertion", "url"])
        let typeField = try object.required("type")
        let type = try typeField.string()
        guard type == "vod" else {
            let hint = "allowed: vod, or live with a \"recording\" or a \"url\""
            throw typeField.failure("unsupported stream type \(Echo.quoted(type)); \(hint)")
        }
        let duration = try object.required("contentDuration").seconds(positive: true)
        let insertion = try object["insertion"]?.oneOf(Insertion.self) ?? defaultInsertion
        // What a player is handed: only http(s).
        let url = try object["url"].map { field throws(ScenarioError) in try webURL(field) }
        return StreamSpec(contentDuration: duration, insertion: insertion, url: url)
    }

    private static func decodeTimeline(_ fields: [JSONField], stream: StreamSpec) throws(ScenarioError) -> AdTimeline {
        var breaks: [AdBreak] = []
        var firstByID: [String: String] = [:]
        for field in fields {
            let object = try field.object(allowing: ["id", "at", "ads", "insertion"])
            let idField = try object.required("id")
            let id = try idField.nonEmptyString()
            if let first = firstByID[id] { throw idField.failure("duplicate break id \"\(id)\" (first at \(first))") }
            firstByID[id] = field.path
            let atField = try object.required("at")
            let position = try decodePosition(atField, contentDuration: stream.contentDuration)
            let ads = try decodeAds(try object.required("ads"))
            let insertion = try object["insertion"]?.oneOf(Insertion.self) ?? stream.insertion
            breaks.append(AdBreak(id: id, position: position, ads: ads, insertion: insertion))
        }
        do {
            return try AdTimeline(contentDuration: stream.contentDuration, breaks: breaks)
        } catch {
            throw ScenarioError(path: "$.breaks", message: error.description)
        }
    }

    private static func decodePosition(
        _ field: JSONField, contentDuration: MediaDuration
    ) throws(ScenarioError) -> BreakPosition {
        if case .string(let text) = field.node.value {
            guard text == "end" else { throw field.failure("expected seconds or \"end\", got \(Echo.quoted(text))") }
            return .postroll
        }
        let seconds = try field.seconds()
        guard seconds <= contentDuration else {
            throw field.failure("must be within 0…\(contentDuration) (the content duration), got \(seconds)")
        }
        let time = ContentTime(ticks: seconds.ticks)
        if time == .zero { return .preroll }
        return seconds == contentDuration ? .postroll : .midroll(time)
    }

    private static func decodeAds(_ field: JSONField) throws(ScenarioError) -> [Ad] {
        let elements = try field.array()
        guard !elements.isEmpty else { throw field.failure("a break needs at least one ad") }
        var seen: Set<String> = []
        var ads: [Ad] = []
        for element in elements {
            let object = try element.object(allowing: ["id", "duration", "asset", "clickThrough"])
            let idField = try object.required("id")
            let id = try idField.nonEmptyString()
            guard seen.insert(id).inserted else { throw idField.failure("duplicate ad id \"\(id)\" in this break") }
            let duration = try object.required("duration").seconds(positive: true)
            let asset = try object["asset"].map { field throws(ScenarioError) in
                let uri = try field.nonEmptyString()
                // What a player would be handed: only http(s), as from an ad server.
                if let refusal = MediaURL.refusal(uri) { throw field.failure(refusal) }
                return AdAsset(role: .primary, uri: uri)
            }
            let click = try object["clickThrough"].map { field throws(ScenarioError) in
                AdAsset(role: .clickThrough, uri: try field.nonEmptyString())
            }
            ads.append(Ad(id: id, duration: duration, primaryAsset: asset, extraAssets: click.map { [$0] } ?? []))
        }
        return ads
    }
}
