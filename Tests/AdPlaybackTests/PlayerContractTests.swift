import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Double) -> MediaDuration { MediaDuration(seconds: value) }
private func clock(_ value: Double) -> ClockTime { ClockTime(seconds: value) }
private func content(_ value: Double) -> ContentTime { ContentTime(seconds: value) }

/// A session and the player it drives, input by input: what the session
/// asked last, so a test can answer for the player.
private struct Bench {
    var session: PlaybackSession
    private(set) var lastPresentation: Presentation?

    /// 1800 s of content with client-side breaks: `mid` at 600 (m1 10 s,
    /// m2 20 s) and `late` at 1200 (l1 15 s), started at 590 (autoSeek
    /// skipAll) and shown there exactly at clock 0.
    init(policy: AdPolicy = .strict, insertion: Insertion = .inserted, start: Double = 590, alternate: AlternateContent? = nil) throws {
        var policy = policy
        policy.autoSeek = .skipAll
        let breaks = [
            AdBreak(id: "mid", position: .midroll(content(600)), ads: [Ad(id: "m1", duration: s(10)), Ad(id: "m2", duration: s(20))],
                    insertion: insertion),
            AdBreak(id: "late", position: .midroll(content(1200)), ads: [Ad(id: "l1", duration: s(15))], insertion: insertion),
        ]
        session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: breaks), engine: AdPolicyEngine(policy: policy),
                                   alternateContent: alternate)
        _ = try handle(.start(.position(.content(content(start)))), at: .zero)
        _ = try handle(.player(.ready(try #require(lastPresentation).id, landedAt: lastPresentation!.time)), at: .zero)
    }

    /// Handles an input; returns the events as short lines and remembers the presentation asked for.
    mutating func handle(_ input: SessionInput, at now: ClockTime) throws -> [String] {
        var lines: [String] = []
        for action in try session.handle(input, at: now) {
            switch action {
            case .emit(let event): lines.append(Self.line(event))
            case .present(let presentation):
                lastPresentation = presentation
                lines.append("present \(presentation.item) \(presentation.time.decimalSeconds) \(presentation.precision.rawValue)")
            default: break
            }
        }
        return lines
    }

    /// The last presentation is ready where it was asked, or at `landing`.
    mutating func ready(at now: ClockTime, landing: MediaDuration? = nil) throws -> [String] {
        let presentation = try #require(lastPresentation)
        return try handle(.player(.ready(presentation.id, landedAt: landing ?? presentation.time)), at: now)
    }

    static func line(_ event: SessionEvent) -> String {
        switch event.kind {
        case .adStart(let b, let a), .adEnd(let b, let a): "\(event.name) \(b)/\(a)"
        case .adBreakStart(let id), .adBreakEnd(let id): "\(event.name) \(id)"
        case .adBreakSkip(let id, let reason): "adBreakSkip \(id) \(reason.rawValue)"
        case .adError(let b, let a, let failure): "adError \(b)/\(a) \(failure.vastCode)"
        case .ready(let presentation, let landed): "ready \(presentation.item) \(landed.decimalSeconds)"
        case .resync(let from, let to): "resync \(from.decimalSeconds) \(to.decimalSeconds)"
        case .stallEnd(let duration): "stallEnd \(duration.decimalSeconds)"
        case .streamError(let message, _): "streamError \(message)"
        case .error(let message): "error \(message)"
        default: event.name
        }
    }
}

/// The player contract, input by input (Docs/Players.md): presentations
/// are acknowledged, may land on a keyframe, may fail; playback may stall;
/// positions that jump are followed. `handle(_:at:)` directly, no driver.
@Suite struct PlayerContractTests {
    // MARK: Acknowledged presentations

    /// Reaching a client-side break asks for its first ad; until the player
    /// says it is ready, the old item's position (6.037 s past where content
    /// stood) plays nothing, and the ad has not started.
    @Test func aTickFromTheOldItemAfterPresent_countsNothing() throws {
        var bench = try Bench()
        #expect(try bench.handle(.tick(itemTime: s(600)), at: clock(10)) == ["adBreakStart mid", "present ad mid/m1 0 exact"])
        #expect(bench.session.isAwaitingPlayer)
        #expect(try bench.handle(.tick(itemTime: s(606.037)), at: clock(10.04)).isEmpty)
        #expect(bench.session.adPlayhead?.offset == .zero, "no time played before ready")
        #expect(bench.session.timeToNextBoundary == s(9.96), "nothing plays while the player loads: look again when the ad's limit is up")
        #expect(try bench.ready(at: clock(10.4)) == ["ready ad mid/m1 0", "adStart mid/m1"])
        #expect(try bench.handle(.tick(itemTime: s(1)), at: clock(11.4)).isEmpty)
        #expect(bench.session.adPlayhead?.offset == s(1))
        #expect(try bench.handle(.tick(itemTime: s(10)), at: clock(20.4)) == ["adEnd mid/m1", "present ad mid/m2 0 exact"])
    }

    /// A ready for a presentation a later one superseded is ignored; the
    /// later one's ready counts.
    @Test func readyForASupersededPresentation_isIgnored() throws {
        var policy = AdPolicy.strict
        policy.allowSeekInBreak = true
        var bench = try Bench(policy: policy)
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        let first = try #require(bench.lastPresentation)
        // The viewer seeks on before m1 loads: the break is left, content at 700.
        let seek = try bench.handle(.jump(.seek, to: .content(content(700))), at: clock(10.1))
        #expect(seek.contains("adBreakSkip mid policy"))
        #expect(seek.last == "present main 700 keyframe")
        let second = try #require(bench.lastPresentation)
        #expect(second.id > first.id)
        #expect(try bench.handle(.player(.ready(first.id, landedAt: .zero)), at: clock(10.3)).isEmpty)
        #expect(bench.session.isAwaitingPlayer)
        #expect(try bench.ready(at: clock(10.5)) == ["ready main 700"])
        #expect(!bench.session.isAwaitingPlayer)
        #expect(bench.session.playhead.content == content(700))
    }

    /// An end reported by an ad the session has left is ignored: it does
    /// not advance content.
    @Test func anItemEndFromASupersededAd_isIgnored() throws {
        var bench = try Bench()
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        _ = try bench.ready(at: clock(10))
        let m1 = try #require(bench.lastPresentation)
        _ = try bench.handle(.tick(itemTime: s(10)), at: clock(20))
        _ = try bench.ready(at: clock(20.2))
        // m1's late end-of-file.
        #expect(try bench.handle(.player(.ended(m1.id)), at: clock(20.3)).isEmpty)
        #expect(bench.session.adPlayhead?.ad.id == "m2")
        #expect(bench.session.adPlayhead?.offset == .zero)
        // m2's own end finishes it.
        let m2 = try #require(bench.lastPresentation)
        #expect(try bench.handle(.player(.ended(m2.id)), at: clock(40.2)) == ["adEnd mid/m2", "adBreakEnd mid", "contentStart", "present main 600 exact"])
    }

    // MARK: Failures

    /// An ad that fails to load: `adError` with its code, marked failed,
    /// never started; the break goes on with its next ad.
    @Test(arguments: [
        (PlayerFailure.notFound("HTTP 404"), 401), (.timeout("no answer in 8 s"), 402), (.unplayable("no decoder"), 405),
    ])
    func anAdThatFails_givesAdError_andTheBreakGoesOn(failure: PlayerFailure, code: Int) throws {
        var bench = try Bench()
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        let m1 = try #require(bench.lastPresentation)
        #expect(try bench.handle(.player(.failed(m1.id, failure)), at: clock(10.4))
            == ["adError mid/m1 \(code)", "present ad mid/m2 0 exact"])
        #expect(bench.session.timeline.adStates(ofBreak: "mid") == [.failed, .playing])
        #expect(try bench.ready(at: clock(10.8)) == ["ready ad mid/m2 0", "adStart mid/m2"])
        #expect(try bench.handle(.tick(itemTime: s(20)), at: clock(30.8)) == ["adEnd mid/m2", "adBreakEnd mid", "contentStart", "present main 600 exact"])
        #expect(bench.session.timeline.isWatched("mid"), "the break ended: watched by the usual rule")
    }

    /// The last ad failing ends the break, which still counts as watched
    /// when it ends (onEnd).
    @Test func theLastAdFailing_endsTheBreak_andContentPlays() throws {
        var bench = try Bench()
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        _ = try bench.ready(at: clock(10))
        _ = try bench.handle(.tick(itemTime: s(10)), at: clock(20))
        let m2 = try #require(bench.lastPresentation)
        _ = try bench.ready(at: clock(20))
        #expect(try bench.handle(.player(.failed(m2.id, .unplayable("decode error"))), at: clock(25))
            == ["adError mid/m2 405", "adBreakEnd mid", "contentStart", "present main 600 exact"])
        #expect(bench.session.timeline.adStates(ofBreak: "mid") == [.played, .failed])
    }

    /// Snapback: a seek past `mid` plays it, then arrives at the target.
    /// m1 failing on the way does not lose the target.
    @Test func aFailureDuringSnapback_keepsTheTarget() throws {
        var bench = try Bench()
        let seek = try bench.handle(.jump(.seek, to: .content(content(900))), at: clock(1))
        #expect(seek == ["seek", "adBreakStart mid", "present ad mid/m1 0 exact"])
        let m1 = try #require(bench.lastPresentation)
        #expect(try bench.handle(.player(.failed(m1.id, .notFound("HTTP 404"))), at: clock(1.3)) == ["adError mid/m1 401", "present ad mid/m2 0 exact"])
        _ = try bench.ready(at: clock(1.6))
        let end = try bench.handle(.tick(itemTime: s(20)), at: clock(21.6))
        #expect(end == ["adEnd mid/m2", "adBreakEnd mid", "contentStart", "present main 900 exact"], "a snapback's target is exact")
        #expect(bench.session.playhead.content == content(900))
    }

    /// The main stream failing is a stream error; the alternate content
    /// failing falls back to the app's slate and says so.
    @Test func mainAndAlternateFailures() throws {
        var bench = try Bench(alternate: try AlternateContent(url: "https://alt.example/live.m3u8"))
        let main = try #require(bench.lastPresentation)
        #expect(try bench.handle(.player(.failed(main.id, .notFound("HTTP 404"))), at: clock(1))
            == ["streamError the main stream failed: 401 not found: HTTP 404"])
        _ = try bench.handle(.replaceItem(.alternate(url: "https://alt.example/live.m3u8")), at: clock(2))
        let alternate = try #require(bench.lastPresentation)
        #expect(alternate.item == .alternate(url: "https://alt.example/live.m3u8"))
        #expect(try bench.handle(.player(.failed(alternate.id, .unplayable("no decoder"))), at: clock(2.5))
            == ["error the alternate content failed (405 cannot be played: no decoder); showing the app's slate", "present alternate (slate) 0 exact"])
    }

    // MARK: Stalls

    /// Stalled time is not played: a stall before a break, across the moment
    /// the break would have started, holds everything; playback reaches
    /// the break only once it goes on.
    @Test func aStallAcrossABreakBoundary_holdsTheBreak() throws {
        var bench = try Bench()
        _ = try bench.handle(.tick(itemTime: s(598)), at: clock(8))
        #expect(try bench.handle(.player(.stalled), at: clock(8)) == ["stall"])
        #expect(bench.session.timeToNextBoundary == nil, "nothing plays while stalled")
        #expect(try bench.handle(.tick(itemTime: s(598)), at: clock(12)).isEmpty, "10 s after it was due, no break")
        #expect(try bench.handle(.player(.stallEnded), at: clock(14)) == ["stallEnd 6"])
        #expect(try bench.handle(.tick(itemTime: s(600)), at: clock(16)) == ["adBreakStart mid", "present ad mid/m1 0 exact"])
    }

    /// An ad stalled past the policy's limit is given up (402) and the
    /// break goes on.
    @Test func anAdStalledPastTheLimit_failsWith402() throws {
        var policy = AdPolicy.strict
        policy.adStallLimit = s(10)
        var bench = try Bench(policy: policy)
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        _ = try bench.ready(at: clock(10))
        _ = try bench.handle(.tick(itemTime: s(3)), at: clock(13))
        _ = try bench.handle(.player(.stalled), at: clock(13))
        #expect(bench.session.timeToNextBoundary == s(10), "the driver looks again when the limit is up")
        #expect(try bench.handle(.tick(itemTime: s(3)), at: clock(22)).isEmpty)
        #expect(bench.session.adPlayhead?.offset == s(3), "no quartile moves during a stall")
        let given = try bench.handle(.tick(itemTime: s(3)), at: clock(23))
        #expect(given == ["adError mid/m1 402", "stallEnd 10", "present ad mid/m2 0 exact"])
    }

    /// An ad whose item never shows (mpv waiting on a playlist that never
    /// plays) is given up at the limit with 402, and the break goes on.
    @Test func anAdThatNeverShows_failsWith402AtTheLimit() throws {
        var bench = try Bench()
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        #expect(try bench.handle(.tick(itemTime: s(600)), at: clock(19.9)).isEmpty)
        #expect(try bench.handle(.tick(itemTime: s(600)), at: clock(20)) == ["adError mid/m1 402", "present ad mid/m2 0 exact"])
    }

    /// A stall does not count toward a cool-down: it runs on played time.
    @Test func aStall_doesNotRunDownACooldown() throws {
        var policy = AdPolicy.strict
        policy.cooldown = s(60)
        var bench = try Bench(policy: policy)
        _ = try bench.handle(.tick(itemTime: s(600)), at: clock(10))
        _ = try bench.ready(at: clock(10))
        _ = try bench.handle(.tick(itemTime: s(10)), at: clock(20))
        _ = try bench.ready(at: clock(20))
        _ = try bench.handle(.tick(itemTime: s(20)), at: clock(40))
        _ = try bench.ready(at: clock(40))
        _ = try bench.handle(.player(.stalled), at: clock(40))
        _ = try bench.handle(.player(.stallEnded), at: clock(70))
        // 55 s of play after the break, 85 s of clock: the cool-down still runs.
        _ = try bench.handle(.tick(itemTime: s(655)), at: clock(125))
        let seek = try bench.handle(.jump(.seek, to: .content(content(1300))), at: clock(125))
        #expect(seek.contains("adBreakSkip late cooldown"))
    }

    // MARK: Imprecise landing

    /// After a watched in-stream break, a viewer's seek to its end lands on
    /// a keyframe 1.9 s before, inside the break's last ad: what plays up
    /// to the target is behind the playhead; the break is not played again.
    @Test func aKeyframeLanding1_9sBeforeABreaksEnd_doesNotReplayIt() throws {
        var policy = AdPolicy.strict
        policy.allowSeekInBreak = true
        var bench = try Bench(policy: policy, insertion: .inStream)
        _ = try bench.handle(.tick(itemTime: s(630)), at: clock(40))
        _ = try bench.handle(.tick(itemTime: s(660)), at: clock(70))
        #expect(bench.session.timeline.isWatched("mid"))
        let seek = try bench.handle(.jump(.seek, to: .content(content(600))), at: clock(71))
        #expect(seek.last == "present main 630 keyframe", "the break is behind: content after it, on a keyframe")
        #expect(try bench.ready(at: clock(71.3), landing: s(628.1)) == ["ready main 628.1"])
        #expect(try bench.handle(.tick(itemTime: s(629.5)), at: clock(72.7)).isEmpty)
        #expect(bench.session.playhead.content == content(600), "the playhead waits at the target")
        #expect(try bench.handle(.tick(itemTime: s(631)), at: clock(74.2)).isEmpty)
        #expect(bench.session.playhead.content == content(601))
    }

    /// A landing after a content target plays on from there: a break the
    /// landing passed is still reached.
    @Test func aLandingPastABreak_stillReachesIt() throws {
        var bench = try Bench(start: 10)
        _ = try bench.handle(.jump(.seek, to: .content(content(599))), at: clock(1))
        #expect(bench.lastPresentation?.precision == .keyframe)
        #expect(try bench.ready(at: clock(1.2), landing: s(602)) == ["ready main 602", "adBreakStart mid", "present ad mid/m1 0 exact"])
    }

    /// Ad boundaries and snapback targets are exact; a viewer's seek into
    /// content may land on a keyframe.
    @Test func whichPresentationsMustBeExact() throws {
        var bench = try Bench()
        _ = try bench.handle(.jump(.seek, to: .content(content(500))), at: clock(1))
        #expect(bench.lastPresentation?.precision == .keyframe, "a seek that plays no break")
        _ = try bench.ready(at: clock(1))
        _ = try bench.handle(.jump(.seek, to: .content(content(700))), at: clock(2))
        #expect(bench.lastPresentation?.precision == .exact, "an ad")
    }

    // MARK: Positions that jump, and overshoot

    /// A position further ahead than the clock allows, or behind, is a
    /// resync: the session follows the player, and the policy decides the
    /// breaks it passed.
    @Test func positionsThatJump_areResyncs() throws {
        var bench = try Bench(start: 10)
        #expect(try bench.handle(.tick(itemTime: s(20)), at: clock(10)).isEmpty)
        #expect(try bench.handle(.tick(itemTime: s(15)), at: clock(11)) == ["resync 20 15", "contentStart"])
        #expect(bench.session.playhead.content == content(15))
        let ahead = try bench.handle(.tick(itemTime: s(700)), at: clock(12))
        #expect(ahead == ["resync 15 700", "adBreakStart mid", "present ad mid/m1 0 exact"], "the break passed plays (playAll)")
    }

    /// A tick that passes an inserted break's start by 0.5 s: the ad starts
    /// at its own 0, and content after the break resumes at the break's
    /// position, not 0.5 s later.
    @Test func noOvershootCarriesIntoTheNextItem() throws {
        var bench = try Bench()
        #expect(try bench.handle(.tick(itemTime: s(600.5)), at: clock(10.5)) == ["adBreakStart mid", "present ad mid/m1 0 exact"])
        _ = try bench.ready(at: clock(10.6))
        #expect(bench.session.adPlayhead?.offset == .zero)
        _ = try bench.handle(.tick(itemTime: s(10.3)), at: clock(20.9))
        #expect(bench.session.adPlayhead?.ad.id == "m2")
        #expect(bench.session.adPlayhead?.offset == .zero, "m1's extra 0.3 s is not m2's")
        _ = try bench.ready(at: clock(21))
        #expect(try bench.handle(.tick(itemTime: s(20.2)), at: clock(41.2)) == ["adEnd mid/m2", "adBreakEnd mid", "contentStart", "present main 600 exact"])
    }

    /// A report after the session ended is ignored.
    @Test func reportsAfterTheEnd_areIgnored() throws {
        var bench = try Bench()
        let main = try #require(bench.lastPresentation)
        _ = try bench.handle(.stop, at: clock(1))
        #expect(try bench.handle(.player(.ended(main.id)), at: clock(2)).isEmpty)
        #expect(try bench.handle(.player(.stalled), at: clock(2)).isEmpty)
    }
}

extension PlayerContractTests {
    /// A ready handled late (the report waited on a busy main actor): the
    /// player played on from its landing meanwhile. The first position
    /// after it is play, not a resync, for as long as the presentation
    /// has been under way; a jump beyond that still is one.
    @Test func aReadyHandledLate_thenTheFirstPosition_isPlay() throws {
        var bench = try Bench(start: 10)
        _ = try bench.handle(.jump(.seek, to: .content(content(100))), at: clock(1))
        _ = try bench.ready(at: clock(3))  // landed at 100 at about clock 1.1, handled at 3
        #expect(try bench.handle(.tick(itemTime: s(101.9)), at: clock(3.1)).isEmpty)
        #expect(bench.session.playhead.content == content(101.9))
        _ = try bench.handle(.jump(.seek, to: .content(content(200))), at: clock(4))
        _ = try bench.ready(at: clock(4.1))
        #expect(try bench.handle(.tick(itemTime: s(230)), at: clock(4.2)).first == "resync 200 230")
    }
}
