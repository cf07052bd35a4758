import AdPolicy
import AdPolicyExamples
import AdTimeline
import MediaTime
import Testing

/// Content 3600 s; mid-rolls at 600, 1200, 1800 (30 s each), so jumps can
/// leap 0, 1, 2 or 3 breaks in either direction.
let tableTimeline = try! AdTimeline(contentDuration: MediaDuration(seconds: 3600), breaks: [
    AdBreak(id: "b600", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))]),
    AdBreak(id: "b1200", position: .midroll(ContentTime(seconds: 1200)), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))]),
    AdBreak(id: "b1800", position: .midroll(ContentTime(seconds: 1800)), ads: [Ad(id: "a", duration: MediaDuration(seconds: 30))]),
])

/// (origin, target) content seconds leaping `n` breaks, for each direction.
let forwardJumps: [(leaps: Int, from: Int64, to: Int64)] = [(0, 300, 500), (1, 300, 900), (2, 300, 1500), (3, 300, 2100)]
let backwardJumps: [(leaps: Int, from: Int64, to: Int64)] = [(0, 2100, 1900), (1, 2100, 1500), (2, 2100, 900), (3, 2100, 300)]

struct JumpCase: CustomTestStringConvertible, Sendable {
    var rule: JumpRule
    var direction: JumpDirection
    var leaps: Int
    var from: Int64
    var to: Int64
    var watched: Bool
    var cooldown: Bool
    var repeatRule: RepeatRule
    var testDescription: String {
        "\(rule) \(direction) over \(leaps) \(watched ? "watched" : "unwatched") cooldown:\(cooldown) \(repeatRule)"
    }
}

let jumpCases: [JumpCase] = JumpRule.allCases.flatMap { rule in
    [(JumpDirection.forward, forwardJumps), (.backward, backwardJumps)].flatMap { direction, jumps in
        jumps.flatMap { jump in
            [false, true].flatMap { watched in
                [false, true].flatMap { cooldown in
                    RepeatRule.allCases.map { repeatRule in
                        JumpCase(rule: rule, direction: direction, leaps: jump.leaps, from: jump.from, to: jump.to,
                                 watched: watched, cooldown: cooldown, repeatRule: repeatRule)
                    }
                }
            }
        }
    }
}

@Suite struct PolicyTableTests {
    /// The design's semantics, written out: the rule selects among the leaped
    /// breaks in passing order; repeat playOnce then drops watched ones; a
    /// running cool-down drops the rest. Each skip carries the first reason.
    /// Every jump rule × direction × 0–3 leaped breaks × watched or not ×
    /// cool-down on or off × repeat rule.
    @Test(arguments: jumpCases)
    func jumpRuleSelectsThenRepeatThenCooldownDrop(_ jump: JumpCase) {
        var policy = AdPolicy.strict
        if jump.direction == .forward { policy.fastForward = jump.rule } else { policy.rewind = jump.rule }
        policy.cooldown = MediaDuration(seconds: 300)
        policy.repeat = jump.repeatRule
        var timeline = tableTimeline
        if jump.watched { for adBreak in timeline.breaks { timeline.markWatched(adBreak.id) } }
        let now = ClockTime(seconds: 10_000)
        let context = PolicyContext(
            timeline: timeline, now: now,
            lastBreakCompletedAt: jump.cooldown ? now - MediaDuration(seconds: 60) : now - MediaDuration(seconds: 600))
        let origin = ContentTime(seconds: jump.from)
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: timeline.streamTime(resumingAt: origin), content: origin),
            to: .content(ContentTime(seconds: jump.to)), context: context)

        let leaped = ["b600", "b1200", "b1800"].filter { id in
            let position = timeline.contentPosition(ofBreak: id)!
            return position > min(origin, ContentTime(seconds: jump.to)) && position < max(origin, ContentTime(seconds: jump.to))
        }
        let passing = jump.direction == .forward ? leaped : leaped.reversed()
        let selected: [String] = switch jump.rule {
        case .playAll: passing
        case .playFirst: Array(passing.prefix(1))
        case .playLast: Array(passing.suffix(1))
        case .skipAll: []
        }
        let expected: [(String, SkipReason?)] = passing.map { id in
            if !selected.contains(id) { return (id, .policy) }
            if jump.watched, jump.repeatRule == .playOnce { return (id, .watched) }
            if jump.cooldown { return (id, .cooldown) }
            return (id, nil)
        }
        #expect(decision.direction == jump.direction)
        #expect(decision.verdicts.count == jump.leaps)
        #expect(decision.verdicts.map(\.adBreak.id) == expected.map(\.0))
        #expect(decision.verdicts.map(\.skipReason) == expected.map(\.1))
        #expect(decision.arrival == .content(ContentTime(seconds: jump.to)))
    }

    @Test func repeatAlwaysPlayReplaysWatchedBreaks() {
        var policy = AdPolicy.strict
        policy.repeat = .alwaysPlay
        var timeline = tableTimeline
        timeline.markWatched("b600")
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: .zero, content: .zero), to: .content(ContentTime(seconds: 900)),
            context: PolicyContext(timeline: timeline))
        #expect(decision.breaksToPlay.map(\.id) == ["b600"])
    }

    @Test func earlierSessionsWatchedBreaksNeverReplayWhateverRepeatSays() {
        var policy = AdPolicy.strict
        policy.repeat = .alwaysPlay
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: .zero, content: .zero), to: .content(ContentTime(seconds: 900)),
            context: PolicyContext(timeline: tableTimeline, earlierWatched: ["b600"]))
        #expect(decision.skipped.map(\.reason) == [.watched])
    }

    @Test func theDirectionIsWhereTheTargetLiesNotTheActionsName() {
        let engine = AdPolicyEngine(policy: .snapback)
        let origin = Playhead(stream: tableTimeline.streamTime(resumingAt: ContentTime(seconds: 2100)), content: ContentTime(seconds: 2100))
        let decision = engine.decideJump(from: origin, to: .content(ContentTime(seconds: 300)), context: PolicyContext(timeline: tableTimeline))
        #expect(decision.direction == .backward)
        #expect(decision.breaksToPlay.isEmpty)
        #expect(decision.skipped.map(\.adBreak.id) == ["b1800", "b1200", "b600"])
    }

    @Test func rewindFromRightAfterABreak_leapsItFirst() {
        let origin = Playhead(stream: tableTimeline.streamTime(resumingAt: ContentTime(seconds: 1200)), content: ContentTime(seconds: 1200))
        let decision = AdPolicyEngine(policy: .strict).decideJump(
            from: origin, to: .content(ContentTime(seconds: 300)), context: PolicyContext(timeline: tableTimeline))
        #expect(decision.verdicts.map(\.adBreak.id) == ["b1200", "b600"])
        let inside = Playhead(stream: origin.stream - MediaDuration(seconds: 10), content: ContentTime(seconds: 1200))
        let fromInside = AdPolicyEngine(policy: .strict).decideJump(
            from: inside, to: .content(ContentTime(seconds: 300)), context: PolicyContext(timeline: tableTimeline))
        #expect(fromInside.verdicts.map(\.adBreak.id) == ["b600"], "a break the playhead is inside is not leaped")
    }

    @Test func aBreakExactlyAtTheTargetIsReachedNotLeaped() {
        let decision = AdPolicyEngine(policy: .lenient).decideJump(
            from: Playhead(stream: .zero, content: .zero), to: .content(ContentTime(seconds: 1200)),
            context: PolicyContext(timeline: tableTimeline))
        #expect(decision.verdicts.map(\.adBreak.id) == ["b600"])
        #expect(decision.arrival == .content(ContentTime(seconds: 1200)))
        #expect(decision.target.stream == StreamTime(seconds: 1230))
    }
}

struct SeekIntoCase: CustomTestStringConvertible, Sendable {
    var rule: SeekIntoBreakRule
    var direction: JumpDirection
    var leaps: Int
    var testDescription: String { "\(rule) \(direction) over \(leaps)" }
}

/// Breaks with three 10 s ads at 600, 1200, 1800, 2400; content 3600 s.
let threeAdTimeline = try! AdTimeline(contentDuration: MediaDuration(seconds: 3600), breaks: [600, 1200, 1800, 2400].map { at in
    AdBreak(id: "b\(at)", position: .midroll(ContentTime(seconds: Int64(at))), ads: (0..<3).map {
        Ad(id: "a\($0)", duration: MediaDuration(seconds: 10))
    })
})

@Suite struct SeekIntoBreakTableTests {
    /// A stream-time seek landing 15 s into a break (the second ad, 5 s in),
    /// after leaping 0–3 breaks forward or backward: the leaped breaks follow
    /// the direction rule (playAll here) and the landing break is entered as
    /// the seek-into-break rule says.
    @Test(arguments: SeekIntoBreakRule.allCases.flatMap { rule in
        [JumpDirection.forward, .backward].flatMap { direction in
            (0...3).map { SeekIntoCase(rule: rule, direction: direction, leaps: $0) }
        }
    })
    func seekIntoBreakRuleAppliesAfterTheLeapedBreaks(_ seek: SeekIntoCase) throws {
        var policy = AdPolicy.strict
        policy.seekIntoBreak = seek.rule
        let positions: [Int64] = [600, 1200, 1800, 2400]
        // Forward from 300 lands in break `leaps`; backward from 2700 lands in break `3 - leaps`.
        let landing = seek.direction == .forward ? positions[seek.leaps] : positions[3 - seek.leaps]
        let origin = ContentTime(seconds: seek.direction == .forward ? 300 : 2700)
        let landingBreak = try #require(threeAdTimeline.adBreak(atContentTime: ContentTime(seconds: landing)))
        let breakStart = try #require(threeAdTimeline.streamRange(ofBreak: landingBreak.id)).lowerBound
        let decision = AdPolicyEngine(policy: policy).decideJump(
            from: Playhead(stream: threeAdTimeline.streamTime(resumingAt: origin), content: origin),
            to: .stream(breakStart + MediaDuration(seconds: 15)), context: PolicyContext(timeline: threeAdTimeline))
        let expectedEntry: BreakEntry = switch seek.rule {
        case .playFromBreakStart: .fromStart
        case .playFromAdStart: .fromAd(1)
        case .playFromTarget: .fromOffset(MediaDuration(seconds: 15))
        case .skipToNextAd: .fromAd(2)
        case .skipBreak: .skip
        }
        #expect(decision.direction == seek.direction)
        #expect(decision.verdicts.count == seek.leaps)
        #expect(decision.breaksToPlay.count == seek.leaps)
        #expect(decision.target.content == ContentTime(seconds: landing))
        #expect(decision.arrival == .intoBreak(landingBreak, entry: expectedEntry))
    }
}
