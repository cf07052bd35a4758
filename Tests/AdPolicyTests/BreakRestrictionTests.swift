import AdPolicy
import AdTimeline
import MediaTime
import Testing

/// What a break's source requires (an HLS interstitial's X-RESTRICT and
/// CUE) holds whatever the policy's rules say, unless the app's selector
/// decides otherwise.
@Suite struct BreakRestrictionTests {
    static func seconds(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }

    /// Content 3600 s; 30 s mid-rolls at 600, 1200 and 1800, with the restrictions given by id.
    static func timeline(_ restrictions: [String: BreakRestrictions], preroll: BreakRestrictions? = nil) throws -> AdTimeline {
        var breaks = [600, 1200, 1800].map { at in
            var adBreak = AdBreak(id: "b\(at)", position: .midroll(seconds(Int64(at))), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))])
            adBreak.restrictions = restrictions["b\(at)"] ?? []
            return adBreak
        }
        if let preroll {
            var adBreak = AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))])
            adBreak.restrictions = preroll
            breaks.insert(adBreak, at: 0)
        }
        return try AdTimeline(contentDuration: MediaDuration(seconds: 3600), breaks: breaks)
    }

    static func jump(_ engine: AdPolicyEngine, _ timeline: AdTimeline, from: Int64, to: Int64) -> JumpDecision {
        let origin = seconds(from)
        return engine.decideJump(from: Playhead(stream: timeline.streamTime(resumingAt: origin), content: origin),
                                 to: .content(seconds(to)), context: PolicyContext(timeline: timeline))
    }

    static func playing(_ decision: JumpDecision) -> [String] { decision.verdicts.filter(\.plays).map(\.adBreak.id) }

    /// A forward seek over a JUMP event plays it first, even under skipAll,
    /// and lands at the seek target.
    @Test(arguments: JumpRule.allCases)
    func aJumpOverAJUMPEvent_playsIt_thenLandsAtTheTarget(rule: JumpRule) throws {
        var policy = AdPolicy.strict
        policy.fastForward = rule
        let timeline = try Self.timeline(["b1200": .noJumpOver])
        let decision = Self.jump(AdPolicyEngine(policy: policy), timeline, from: 300, to: 2100)
        #expect(Self.playing(decision).contains("b1200"))
        #expect(decision.arrival == .content(Self.seconds(2100)))
    }

    /// Across several JUMP events exactly one plays: the last passed.
    @Test func overSeveralJUMPEvents_onlyTheLastPassedPlays() throws {
        var policy = AdPolicy.strict
        policy.fastForward = .skipAll
        let timeline = try Self.timeline(["b600": .noJumpOver, "b1200": .noJumpOver, "b1800": .noJumpOver])
        #expect(Self.playing(Self.jump(AdPolicyEngine(policy: policy), timeline, from: 300, to: 1500)) == ["b1200"])
        #expect(Self.playing(Self.jump(AdPolicyEngine(policy: policy), timeline, from: 300, to: 2100)) == ["b1800"])
    }

    /// JUMP plays it even when it was watched and repeat is playOnce, and
    /// even while a cool-down runs; a rewind over it is not a jump past it.
    @Test func aWatchedJUMPEvent_playsAgainOnAForwardJump_butNotOnARewind() throws {
        var policy = AdPolicy.strict
        policy.fastForward = .skipAll
        policy.rewind = .skipAll
        policy.repeat = .playOnce
        policy.cooldown = MediaDuration(seconds: 300)
        var timeline = try Self.timeline(["b1200": .noJumpOver])
        timeline.markWatched("b1200")
        let engine = AdPolicyEngine(policy: policy)
        let now = ClockTime(seconds: 10_000)
        let context = PolicyContext(timeline: timeline, now: now, lastBreakCompletedAt: now - MediaDuration(seconds: 10))
        let forward = engine.decideJump(from: Playhead(stream: timeline.streamTime(resumingAt: Self.seconds(300)), content: Self.seconds(300)),
                                        to: .content(Self.seconds(2100)), context: context)
        #expect(Self.playing(forward) == ["b1200"])
        #expect(Self.playing(Self.jump(engine, timeline, from: 2100, to: 300)).isEmpty)
    }

    /// ONCE: once watched, it never plays again in the session, not on a
    /// rewind under alwaysPlay, not on arrival, not even with JUMP.
    @Test func aWatchedONCEEvent_neverPlaysAgain() throws {
        var policy = AdPolicy.strict
        policy.rewind = .playAll
        policy.fastForward = .playAll
        policy.repeat = .alwaysPlay
        var timeline = try Self.timeline(["b1200": [.once, .noJumpOver]])
        timeline.markWatched("b1200")
        let engine = AdPolicyEngine(policy: policy)
        let rewind = Self.jump(engine, timeline, from: 2100, to: 300)
        #expect(rewind.verdicts.first { $0.adBreak.id == "b1200" }?.skipReason == .watched)
        let forward = Self.jump(engine, timeline, from: 300, to: 2100)
        #expect(forward.verdicts.first { $0.adBreak.id == "b1200" }?.skipReason == .watched)
        let adBreak = try #require(timeline.adBreak(id: "b1200"))
        #expect(engine.decideArrival(at: adBreak, context: PolicyContext(timeline: timeline)) == .skip(.watched))
        // Watched in an earlier session (a bookmark's): the same.
        let fresh = try Self.timeline(["b1200": .once])
        let earlier = PolicyContext(timeline: fresh, earlierWatched: ["b1200"])
        #expect(engine.decideArrival(at: try #require(fresh.adBreak(id: "b1200")), context: earlier) == .skip(.watched))
    }

    /// PRE plays before primary playback wherever it starts, whatever autoSeek says.
    @Test(arguments: AutoSeekRule.allCases)
    func aPREEvent_playsWhereverPlaybackStarts(rule: AutoSeekRule) throws {
        var policy = AdPolicy.strict
        policy.autoSeek = rule
        let timeline = try Self.timeline([:], preroll: .beforeStart)
        let decision = AdPolicyEngine(policy: policy).decideStart(at: .content(Self.seconds(2100)), context: PolicyContext(timeline: timeline))
        #expect(Self.playing(decision).first == "pre", "\(decision.verdicts)")
    }

    /// An app's selector may decide otherwise (RFC 8216bis D: a client with
    /// knowledge of the presentation rules): this one lets viewers jump over anything.
    @Test func anAppsSelector_mayOverrideTheRestrictions() throws {
        struct NoForcedBreaks: AdPolicySelectorDecorator {
            let base: any AdPolicySelector
            func selectAdBreaksToPlay(_ request: AdBreakSelectionRequest) -> [AdBreakVerdict] {
                request.candidates.map { AdBreakVerdict(adBreak: $0, policy: .skip(.policy)) }
            }
        }
        var policy = AdPolicy.strict
        policy.fastForward = .skipAll
        let engine = AdPolicyEngine(policy: policy, selector: NoForcedBreaks(base: DefaultAdPolicySelector(policy: policy)))
        let timeline = try Self.timeline(["b1200": .noJumpOver])
        #expect(Self.playing(Self.jump(engine, timeline, from: 300, to: 2100)).isEmpty)
    }

    /// SKIP: no forward jump out of the break, whatever allowSeekInBreak
    /// says; backward is allowed; an app's selector may allow it.
    @Test func aSKIPBreak_refusesAForwardJump_unlessTheSelectorAllowsIt() throws {
        struct SkipAnything: AdPolicySelectorDecorator {
            let base: any AdPolicySelector
            func selectPolicy(forJumpInBreak request: JumpInBreakRequest) -> Bool { true }
        }
        var policy = AdPolicy.strict
        policy.allowSeekInBreak = true
        let timeline = try Self.timeline(["b1200": .noSkip])
        let adBreak = try #require(timeline.adBreak(id: "b1200"))
        let context = PolicyContext(timeline: timeline)
        let engine = AdPolicyEngine(policy: policy)
        #expect(!engine.allowsJump(leaving: adBreak, going: .forward, context: context))
        #expect(engine.allowsJump(leaving: adBreak, going: .backward, context: context))
        #expect(engine.allowsJump(leaving: try #require(timeline.adBreak(id: "b600")), going: .forward, context: context))
        let overridden = AdPolicyEngine(policy: policy, selector: SkipAnything(base: DefaultAdPolicySelector(policy: policy)))
        #expect(overridden.allowsJump(leaving: adBreak, going: .forward, context: context))
        policy.allowSeekInBreak = false
        #expect(!AdPolicyEngine(policy: policy).allowsJump(leaving: try #require(timeline.adBreak(id: "b600")), going: .backward, context: context))
    }
}
