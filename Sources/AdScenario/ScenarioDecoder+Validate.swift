import AdLive
import AdTimeline
import MediaTime
import StrictJSON
import VAST

extension Scenario {
    /// Checks the whole file as far as it can be checked without what it
    /// names: the VMAP, the recordings, the SSAI session. A caller validates
    /// before it fetches or reads any of them, so a bad file fails at once,
    /// not after network work; ``decode(json:vmap:recording:alternate:ssai:)``
    /// then checks what depends on them.
    /// - Throws: ``ScenarioError`` naming the JSON path, line and column.
    public static func validate(json bytes: [UInt8]) throws(ScenarioError) {
        let top = try topLevel(bytes)
        if let field = top["ssai"] {
            _ = try ssaiSource(json: bytes)
            try validateSSAI(top, field: field)
            return
        }
        // Stand-ins with nothing in them: what the file says is checked, and
        // what they will bring is checked when they are read.
        let standIn = LiveRecording(entries: [LiveRecording.Entry(at: .zero, file: "stand-in", body: [])])
        do {
            _ = try decode(json: bytes, vmap: VMAPDocument(version: "1.0"), recording: standIn, alternate: standIn, ssai: nil, vmapIsStandIn: true)
        } catch let liveError {
            // A recording may turn out to be VOD (its playlist has ENDLIST): the file is
            // good if it is good for one, its length checked once the playlist is read.
            guard (try? liveRecordingSource(json: bytes)) != nil else { throw liveError }
            let vod = LiveRecording(entries: [LiveRecording.Entry(at: .zero, file: "stand-in", body: Array(Self.vodStandIn.utf8))])
            do {
                _ = try decode(json: bytes, vmap: VMAPDocument(version: "1.0"), recording: vod, alternate: standIn, ssai: nil, vmapIsStandIn: true)
            } catch {
                throw liveError
            }
        }
    }

    /// A VOD playlist as long as any: what a recording with ENDLIST is checked against before it is read.
    private static let vodStandIn = "#EXTM3U\n#EXT-X-TARGETDURATION:999999999\n#EXTINF:999999999,\nstand-in.ts\n#EXT-X-ENDLIST\n"

    /// An SSAI scenario's own keys; its timeline comes from the session.
    private static func validateSSAI(_ top: JSONObjectFields, field: JSONField) throws(ScenarioError) {
        try rejectKeysBesideSSAI(top)
        if let description = top["description"] { _ = try description.string() }
        if let streamField = top["stream"] { _ = try decodeStream(streamField) }
        _ = try top["policy"].map { policy throws(ScenarioError) in try decodePolicy(policy) }
        // Positions are checked against the session's stream once it is known.
        let timeline: AdTimeline
        do {
            timeline = try AdTimeline(contentDuration: nil, breaks: [])
        } catch {
            throw field.failure(error.description)
        }
        for step in try top.required("actions").array() { _ = try decodeStep(step, timeline: timeline) }
    }
}
