import AdPlayback
import AdPlaybackTestSupport
import AdPolicy
import AdSimulation
import AdTimeline
import MediaTime
import Logging
import Testing

/// The runtime logs the session's transitions at info with their ids, an
/// ad's failure at warning, and what only a developer wants at debug.
@Suite struct SessionLogTests {
    @Test func breaksAndTheSession_areInfo_withTheirIds_andAFailingAdIsAWarning() throws {
        let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 60), breaks: [
            AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 30)), ads: [
                Ad(id: "m1", duration: MediaDuration(seconds: 10)), Ad(id: "m2", duration: MediaDuration(seconds: 5)),
            ], insertion: .inserted),
        ])
        let log = LogRecorder()
        let simulation = Simulation(
            session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .strict)), logger: log.logger)
        simulation.player.failsToLoad = { _, adID in adID == "m1" }
        try simulation.send(.start(.beginning))
        try simulation.playToEnd()

        let info = log.entries.filter { $0.level == .info }
        #expect(info.map(\.message) == ["sessionStart", "contentStart", "adBreakStart", "adBreakEnd", "contentStart", "sessionEnd"], "\(info.map(\.message))")
        #expect(info.filter { $0.message.hasPrefix("adBreak") }.allSatisfy { $0.metadata["break"] == "mid" })
        #expect(info.first { $0.message == "adBreakStart" }?.metadata["stream"] == "30")
        let warning = try #require(log.entries.first { $0.level == .warning }, "\(log.entries.map(\.message))")
        #expect(warning.message == "adError")
        #expect(warning.metadata["break"] == "mid" && warning.metadata["ad"] == "m1")
        #expect(log.entries.contains { $0.level == .debug && $0.message == "adStart" && $0.metadata["ad"] == "m2" })
    }
}
