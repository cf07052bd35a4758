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
        _ = try decode(json: bytes, vmap: VMAPDocument(version: "1.0"), recording: standIn, alternate: standIn, ssai: nil, vmapIsStandIn: true)
    }

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
