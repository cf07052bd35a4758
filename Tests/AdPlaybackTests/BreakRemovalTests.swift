import AdPlayback
import AdSimulation
import AdPolicy
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

/// Removes "gone" unplayed and "once" after it plays; everything else as the base decides.
private struct RemovingSelector: AdPolicySelectorDecorator {
    let base: any AdPolicySelector

    func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
        switch request.adBreak.id {
        case "gone": .remove
        case "once": .removeAfterPlay
        default: base.selectPolicy(forAdBreak: request)
        }
    }
}

@Suite struct BreakRemovalTests {
    let timeline = try! AdTimeline(contentDuration: s(1800), breaks: [
        AdBreak(id: "once", position: .midroll(ContentTime(seconds: 300)), ads: [Ad(id: "o", duration: s(30))], insertion: .inserted),
        AdBreak(id: "gone", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "g", duration: s(30))], insertion: .inserted),
    ])

    @Test func removeAfterPlayPlaysTheBreakThenTakesItOutOfTheTimeline() throws {
        var policy = AdPolicy.strict
        policy.repeat = .alwaysPlay
        let engine = AdPolicyEngine(policy: policy, selector: RemovingSelector(base: DefaultAdPolicySelector(policy: policy)))
        let simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: engine))
        try simulation.send(.start(.beginning))
        let first = try simulation.play(for: s(300 + 30))
        #expect(first.map(\.name) == ["adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart"])
        #expect(simulation.session.timeline.adBreak(id: "once") == nil)
        #expect(simulation.session.playhead.stream == StreamTime(seconds: 300), "its 30 s left the stream")
        let rewind = try simulation.send(.jump(.rewind, to: .content(.zero)))
        #expect(rewind.map(\.name) == ["seek", "contentStart"], "a removed break is not leaped again")
    }

    @Test func removeSkipsTheBreakAndTakesItOut() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        let engine = AdPolicyEngine(policy: policy, selector: RemovingSelector(base: DefaultAdPolicySelector(policy: policy)))
        let simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: engine))
        try simulation.send(.start(.position(.content(ContentTime(seconds: 500)))))
        let reached = try simulation.play(for: s(100))
        #expect(reached.map(\.kind) == [.adBreakSkip(breakID: "gone", reason: .policy), .contentStart])
        #expect(simulation.session.timeline.adBreak(id: "gone") == nil)
        let fresh = try { () throws -> [SessionEvent] in
            try simulation.send(.stop)
            return try simulation.send(.start(.position(.content(ContentTime(seconds: 700)))))
        }()
        #expect(fresh.contains { $0.kind == .adBreakSkip(breakID: "gone", reason: .policy) },
                "a new session starts from the full timeline")
    }
}
