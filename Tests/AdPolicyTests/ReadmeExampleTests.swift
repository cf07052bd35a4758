import AdPolicy
import AdTimeline
import MediaTime
import Testing

/// The README's library example, verbatim, so it keeps compiling and stays true.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleDecidesASnapbackSeek() throws {
        let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a1", duration: MediaDuration(seconds: 30))]),
            AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "a2", duration: MediaDuration(seconds: 60))]),
        ])
        let engine = AdPolicyEngine(policy: .snapback)
        let here = Playhead(stream: timeline.streamTime(resumingAt: ContentTime(seconds: 300)), content: ContentTime(seconds: 300))
        let decision = engine.decideJump(from: here, to: .content(ContentTime(seconds: 900)), context: PolicyContext(timeline: timeline))
        #expect("\(decision.breaksToPlay.map(\.id)) \(decision.target.stream)" == #"["mid"] 990"#)
    }
}
