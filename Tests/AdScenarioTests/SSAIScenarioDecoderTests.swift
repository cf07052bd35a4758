import AdSSAI
import AdScenario
import AdTimeline
import Foundation
import MediaTime
import SSAITracking
import Testing

/// The scenario's "ssai" section: what it allows, and the timeline a VOD
/// session gives.
@Suite struct SSAIScenarioDecoderTests {
    private static let startup = SSAIStartup(
        status: .initialised, reason: "the session started", code: 0, playbackURL: URL(string: "https://mt.example/index.m3u8"),
        trackingURL: URL(string: "https://mt.example/tracking"))

    /// A 100 s VOD stream with a 10 s avail at stream 30.
    private static let session = SSAIScenarioSession(startup: startup, look: SSAIStream.FirstLook(
        isEnded: true, streamDuration: MediaDuration(seconds: 100),
        avails: [TrackedAvail(id: "a", start: StreamTime(seconds: 30), duration: MediaDuration(seconds: 10), ads: [
            TrackedAd(id: "x", start: StreamTime(seconds: 30), duration: MediaDuration(seconds: 10)),
        ])], warnings: ["a warning"]))

    private func decode(_ json: String, session: SSAIScenarioSession? = session) throws -> Scenario {
        try Scenario.decode(json: Array(json.utf8), ssai: session)
    }

    @Test func aVODSession_givesTheTimeline_theStatus_andItsWarningsAsIssues() throws {
        let scenario = try decode(#"{"ssai": {"endpoint": "https://mt.example/v1/session/a/b"}, "actions": [{"do": "start"}]}"#)
        #expect(scenario.timeline.contentDuration == MediaDuration(seconds: 90))
        #expect(scenario.timeline.breaks.map(\.id) == ["a"])
        #expect(scenario.timeline.contentPosition(ofBreak: "a") == ContentTime(seconds: 30))
        #expect(scenario.ssai?.status == .initialised)
        #expect(scenario.issues == ["a warning"])
        #expect(try Scenario.ssaiSource(json: Array(#"{"ssai": {"endpoint": "e", "origin": "o"}}"#.utf8))
            == SSAISpec(endpoint: "e", fallback: nil, origin: "o"))
    }

    @Test(arguments: [
        (#"{"ssai": {"endpoint": "e"}, "breaks": [], "actions": []}"#, "$.breaks", "remove \"breaks\""),
        (#"{"ssai": {"endpoint": "e", "region": "x"}, "actions": []}"#, "$.ssai.region", "unknown key"),
        (#"{"ssai": {"endpoint": ""}, "actions": []}"#, "$.ssai.endpoint", "must not be empty"),
        (#"{"ssai": {"endpoint": "e", "initTimeout": 0}, "actions": []}"#, "$.ssai.initTimeout", "more than 0"),
        (#"{"ssai": {"endpoint": "e", "initTimeout": 7200}, "actions": []}"#, "$.ssai.initTimeout", "at most 3600"),
        (#"{"ssai": {"endpoint": "e"}, "stream": {"type": "vod", "contentDuration": 100}, "actions": []}"#, "$.stream", "does not agree"),
        (#"{"ssai": {"endpoint": "e"}, "stream": {"type": "vod", "contentDuration": 90, "insertion": "inserted"}, "actions": []}"#, "$.stream", "inStream"),
    ])
    func badSections_sayWhatAndWhere(json: String, path: String, message: String) {
        #expect {
            if path.hasPrefix("$.ssai") { _ = try Scenario.ssaiSource(json: Array(json.utf8)) }
            _ = try decode(json)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.path == path && error.message.contains(message)
        }
    }

    @Test func aSessionNotStarted_orLive_isAnError() {
        #expect(throws: ScenarioError.self) { try decode(#"{"ssai": {"endpoint": "e"}, "actions": []}"#, session: nil) }
        var live = Self.session
        live.look.isEnded = false
        #expect(throws: ScenarioError.self) { try decode(#"{"ssai": {"endpoint": "e"}, "actions": []}"#, session: live) }
    }
}
