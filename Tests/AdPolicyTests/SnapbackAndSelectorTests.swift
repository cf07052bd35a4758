import AdPolicy
import AdPolicyExamples
import AdTimeline
import MediaTime
import Testing

@Suite struct SnapbackAndSelectorTests {
    let timeline = try! AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
        AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))]),
        AdBreak(id: "mid2", position: .midroll(ContentTime(seconds: 1200)), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))]),
    ])

    @Test func seekPastUnwatchedBreak_playsItThenResumesAtTarget() {
        let decision = AdPolicyEngine(policy: .snapback).decideJump(
            from: Playhead(stream: StreamTime(seconds: 300), content: ContentTime(seconds: 300)),
            to: .content(ContentTime(seconds: 900)), context: PolicyContext(timeline: timeline))
        #expect(decision.breaksToPlay.map(\.id) == ["mid"])
        #expect(decision.arrival == .content(ContentTime(seconds: 900)))
        #expect(decision.target.stream == StreamTime(seconds: 930))
    }

    @Test func fiveMinuteSelector_secondSeekWithinFiveMinutesPlaysNothing() {
        let selector = NoAdsAfterBreakSelector(base: DefaultAdPolicySelector(policy: .snapback))
        let engine = AdPolicyEngine(policy: .snapback, selector: selector)
        var watched = timeline
        watched.markWatched("mid")
        let origin = ContentTime(seconds: 900)
        let context = PolicyContext(
            timeline: watched, now: ClockTime(seconds: 400), lastBreakCompletedAt: ClockTime(seconds: 200))
        let decision = engine.decideJump(
            from: Playhead(stream: watched.streamTime(resumingAt: origin), content: origin),
            to: .content(ContentTime(seconds: 1500)), context: context)
        #expect(decision.breaksToPlay.isEmpty)
        #expect(decision.skipped.map(\.reason) == [.cooldown])

        var later = context
        later.now = ClockTime(seconds: 500)
        let afterQuiet = engine.decideJump(
            from: Playhead(stream: watched.streamTime(resumingAt: origin), content: origin),
            to: .content(ContentTime(seconds: 1500)), context: later)
        #expect(afterQuiet.breaksToPlay.map(\.id) == ["mid2"], "five minutes later breaks play again")
    }

    @Test(arguments: [
        (SeekIntoBreakRule.playFromBreakStart, BreakEntry.fromStart),
        (.playFromAdStart, .fromAd(1)),
        (.playFromTarget, .fromOffset(MediaDuration(seconds: 25))),
        (.skipToNextAd, .fromAd(2)),
        (.skipBreak, .skip),
    ])
    func seekIntoBreakRuleSaysHowTheBreakIsEntered(rule: SeekIntoBreakRule, entry: BreakEntry) throws {
        let threeAds = try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
            AdBreak(id: "b", position: .midroll(ContentTime(seconds: 600)), ads: [
                Ad(id: "a0", duration: MediaDuration(seconds: 20)), Ad(id: "a1", duration: MediaDuration(seconds: 20)),
                Ad(id: "a2", duration: MediaDuration(seconds: 20)),
            ]),
        ])
        var policy = AdPolicy.strict
        policy.seekIntoBreak = rule
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: .zero, content: .zero), to: .stream(StreamTime(seconds: 625)),
            context: PolicyContext(timeline: threeAds))
        #expect(decision.verdicts.isEmpty)
        #expect(decision.arrival == .intoBreak(threeAds.adBreak(id: "b")!, entry: entry))
        #expect(decision.target.content == ContentTime(seconds: 600))
    }

    @Test func skipToNextAdFromTheLastAdSkipsTheBreak() {
        var policy = AdPolicy.strict
        policy.seekIntoBreak = .skipToNextAd
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: .zero, content: .zero), to: .stream(StreamTime(seconds: 610)),
            context: PolicyContext(timeline: timeline))
        #expect(decision.arrival == .intoBreak(timeline.adBreak(id: "mid")!, entry: .skip))
    }

    @Test(arguments: AutoSeekRule.allCases, [JumpRule.playAll, .playLast, .skipAll])
    func autoSeekPicksAmongPrerollAndMidrollsBeforeTheStart(rule: AutoSeekRule, fastForward: JumpRule) throws {
        let withPreroll = try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a", duration: MediaDuration(seconds: 10))]),
        ] + timeline.breaks)
        var policy = AdPolicy.strict
        policy.autoSeek = rule
        policy.fastForward = fastForward
        let decision = AdPolicyEngine(policy: policy).decideStart(
            at: .content(ContentTime(seconds: 1500)), context: PolicyContext(timeline: withPreroll))
        let midrolls: [String] = fastForward == .playAll ? ["mid", "mid2"] : ["mid2"]
        let expected: [String] = switch rule {
        case .skipAll: []
        case .playPreroll: ["pre"]
        case .playMidroll: midrolls
        case .playAll: ["pre"] + midrolls
        }
        #expect(decision.breaksToPlay.map(\.id) == expected)
        #expect(decision.verdicts.map(\.adBreak.id) == ["pre", "mid", "mid2"])
    }

    @Test func failoverFlagsComeFirstAndNeverDisableThePostroll() throws {
        let full = try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a", duration: MediaDuration(seconds: 10))]),
            AdBreak(id: "post", position: .postroll, ads: [Ad(id: "a", duration: MediaDuration(seconds: 10))]),
        ] + timeline.breaks)
        var policy = AdPolicy.strict
        policy.failover = FailoverFlags(disablePreroll: true, disableMidroll: true)
        let engine = AdPolicyEngine(policy: policy)
        let context = PolicyContext(timeline: full, isFailoverSession: true)
        let decision = engine.decideStart(at: .content(ContentTime(seconds: 1500)), context: context)
        #expect(decision.skipped.map(\.reason) == [.failover, .failover, .failover])
        #expect(engine.decideArrival(at: full.adBreak(id: "post")!, context: context) == .play)
        #expect(engine.decideArrival(at: full.adBreak(id: "pre")!, context: PolicyContext(timeline: full)) == .play)
    }
}
