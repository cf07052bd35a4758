import AdPlayback
import AdPolicy
import AdSimulation
import AdStorage
import AdTimeline
import MediaTime
import Testing

/// A viewer stops, the process exits, and a new process resumes from the
/// bookmark file: the watched breaks do not play again.
@Suite struct ResumeAcrossRestartTests {
    private func session() throws -> PlaybackSession {
        let ad = { (id: String) in [Ad(id: id, duration: MediaDuration(seconds: 30))] }
        let timeline = try AdTimeline(
            contentDuration: MediaDuration(seconds: 600),
            breaks: [
                AdBreak(id: "pre", position: .preroll, ads: ad("pre-ad")),
                AdBreak(id: "m1", position: .midroll(ContentTime(seconds: 300)), ads: ad("m1-ad")),
            ])
        var policy = AdPolicy.strict
        policy.autoSeek = .playAll
        return PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy))
    }

    @Test func theDriverSavesEachStopsBookmark_andANewProcessResumesFromIt() throws {
        let scratch = try ScratchDirectory()
        let first = Simulation(session: try session(), bookmarks: FileBookmarkStore(path: scratch.file("episode")))
        try first.send(.start(.beginning))
        try first.play(for: MediaDuration(seconds: 100))
        try first.send(.stop)

        let saved = try #require(try FileBookmarkStore(path: scratch.file("episode")).load())
        #expect(saved.content == ContentTime(seconds: 70))
        #expect(saved.watched == ["pre"])

        let second = Simulation(session: try session(), bookmarks: FileBookmarkStore(path: scratch.file("episode")))
        let resumed = try second.send(.start(.bookmark(saved)))
        #expect(resumed.map(\.name) == ["sessionStart", "adBreakSkip", "contentStart"])
        #expect(resumed.last?.content == ContentTime(seconds: 70))
    }

    @Test func aBookmarkThatCannotBeSaved_isReportedAsAnErrorEvent() throws {
        let scratch = try ScratchDirectory()
        let simulation = Simulation(session: try session(), bookmarks: FileBookmarkStore(path: scratch.file("gone/episode")))
        try simulation.send(.start(.beginning))
        try simulation.play(for: MediaDuration(seconds: 10))
        let stopped = try simulation.send(.stop)
        let message = try #require(stopped.lazy.compactMap { if case .error(let message) = $0.kind { message } else { nil } }.first)
        #expect(message.contains("the bookmark was not saved"))
        #expect(message.contains("gone/episode"))
    }
}
