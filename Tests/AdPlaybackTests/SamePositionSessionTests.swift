import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

/// Breaks at one position (interstitials at one date, two pre-rolls) play
/// back to back in timeline order, with no content between them; each is
/// judged by the policy on its own.
@Suite struct SamePositionSessionTests {
    /// 1800 s of content; pre-rolls P1 (5 s) and P2 (5 s); A (10 s) and B (20 s) at 600.
    static func simulation(_ policy: AdPolicy = .strict) -> Simulation {
        func adBreak(_ id: String, _ position: BreakPosition, _ seconds: Int64) -> AdBreak {
            AdBreak(id: id, position: position, ads: [Ad(id: "\(id)-1", duration: s(seconds))], insertion: .inserted)
        }
        let timeline = try! AdTimeline(contentDuration: s(1800), breaks: [
            adBreak("P1", .preroll, 5), adBreak("P2", .preroll, 5),
            adBreak("A", .midroll(ContentTime(seconds: 600)), 10), adBreak("B", .midroll(ContentTime(seconds: 600)), 20),
        ])
        return Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy)))
    }

    static func lines(_ events: [SessionEvent]) -> [String] {
        events.compactMap { event in
            switch event.kind {
            case .adBreakStart(let id), .adBreakEnd(let id): "\(event.stream.decimalSeconds) \(event.name) \(id)"
            case .adBreakSkip(let id, let reason): "\(event.stream.decimalSeconds) adBreakSkip \(id) \(reason)"
            case .contentStart: "\(event.stream.decimalSeconds) contentStart \(event.content.decimalSeconds)"
            case .sessionEnd: "\(event.stream.decimalSeconds) sessionEnd"
            default: nil
            }
        }
    }

    @Test func breaksAtOnePosition_playBackToBack() throws {
        let simulation = Self.simulation()
        var events = try simulation.send(.start(.beginning))
        events += try simulation.playToEnd()
        #expect(Self.lines(events) == [
            "0 adBreakStart P1", "5 adBreakEnd P1", "5 adBreakStart P2", "10 adBreakEnd P2", "10 contentStart 0",
            "610 adBreakStart A", "620 adBreakEnd A", "620 adBreakStart B", "640 adBreakEnd B", "640 contentStart 600",
            "1840 sessionEnd",
        ])
    }

    /// A watched one is skipped, and the next at its position still plays.
    @Test func aWatchedOne_isSkipped_andTheNextPlays() throws {
        let simulation = Self.simulation()
        var events = try simulation.send(.start(.bookmark(Bookmark(content: ContentTime(seconds: 590), watched: ["P1", "P2", "A"]))))
        events += try simulation.play(for: s(40))
        #expect(Array(Self.lines(events).drop { !$0.contains(" A") }) == [
            "610 adBreakSkip A watched", "620 adBreakStart B", "640 adBreakEnd B", "640 contentStart 600",
        ])
    }

    /// A jump over both under playAll plays both, in order, then lands at the target.
    @Test func aJumpOverBoth_playsBoth_thenLandsAtTheTarget() throws {
        let simulation = Self.simulation()
        _ = try simulation.send(.start(.beginning))
        _ = try simulation.play(for: s(20))
        let events = try simulation.send(.jump(.fastForward, to: .content(ContentTime(seconds: 900))))
            + simulation.play(for: s(40))
        #expect(Self.lines(events).prefix(5) == [
            "610 adBreakStart A", "620 adBreakEnd A", "620 adBreakStart B", "640 adBreakEnd B", "940 contentStart 900",
        ])
    }
}
