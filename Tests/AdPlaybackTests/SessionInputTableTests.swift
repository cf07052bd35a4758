import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func content(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }

/// An action as a short line: `adBreakSkip mid unresolved`, `resolve mid`,
/// `rate 0`, `present main 620`.
private func line(_ action: SessionAction) -> String {
    switch action {
    case .emit(let event):
        switch event.kind {
        case .adBreakSkip(let id, let reason): return "adBreakSkip \(id) \(reason.rawValue)"
        case .seekAdjusted(let target, let reason): return "seekAdjusted \(target.content) \(reason)"
        default: return [event.name, event.breakID].compactMap(\.self).joined(separator: " ")
        }
    case .present(let presentation):
        let time = presentation.time
        switch presentation.item {
        case .main: return "present main \(time)"
        case .ad(let breakID, let adID, _): return "present \(breakID)/\(adID) \(time)"
        case .alternate(let url): return "present alternate \(url ?? "slate") \(time)"
        }
    case .setRate(let rate): return "rate \(Int(rate))"
    case .saveBookmark(let bookmark): return "save \(bookmark.content)"
    case .resolve(let opportunity): return "resolve \(opportunity.id)"
    case .cancelResolution(let id): return "cancel \(id)"
    }
}

private let midOpportunity = AdOpportunity(id: "mid", position: .content(content(600)), duration: s(30),
                                           signal: .schedule(.adTag("https://ads.example/mid")))
private let resolvedMid = AdBreak(id: "mid", position: .midroll(content(600)), ads: [Ad(id: "m1", duration: s(20)), Ad(id: "m2", duration: s(10))])

/// A session over 1800 s of content with the given breaks, started at 590
/// (autoSeek skipAll) at clock 0.
private func running(_ breaks: [AdBreak] = [], policy: AdPolicy = .strict, before: [SessionInput] = []) throws -> PlaybackSession {
    var policy = policy
    policy.autoSeek = .skipAll
    var session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: breaks),
                                  engine: AdPolicyEngine(policy: policy))
    for input in before { _ = try session.handleReady(input, at: .zero) }
    _ = try session.handleReady(.start(.position(.content(content(590)))), at: .zero)
    return session
}

/// Each new input, handled directly, and the actions it returns (style:
/// input → actions tables, no player, no driver).
@Suite struct SessionInputTableTests {
    @Test func anOpportunityBeforeStart_placesItsPlaceholder_andAsksForItsResolution() throws {
        var session = PlaybackSession(timeline: try AdTimeline(contentDuration: s(1800), breaks: []), engine: AdPolicyEngine(policy: .strict))
        let actions = try session.handleReady(.opportunity(midOpportunity), at: .zero)
        #expect(actions.map(line) == ["resolve mid"])
        #expect(session.timeline.adBreak(id: "mid")?.isPlaceholder == true)
        #expect(session.timeline.streamTime(resumingAt: content(600)).ticks == s(630).ticks, "a placeholder occupies its planned time")
    }

    /// Reaching a placeholder still resolving: hold; the result arrives:
    /// play it. The result arriving first: play it when reached.
    @Test(arguments: [
        (resolveFirst: false, expectedAtReach: ["rate 0"],
         expectedAtResult: ["rate 1", "adBreakStart mid", "adStart mid"]),
        (resolveFirst: true, expectedAtReach: ["adBreakStart mid", "adStart mid"], expectedAtResult: [String]()),
    ])
    func aPlaceholderReachedWhileResolving_waitsForItsAds(resolveFirst: Bool, expectedAtReach: [String], expectedAtResult: [String]) throws {
        var session = try running(before: [.opportunity(midOpportunity)])
        let result = SessionInput.resolved(opportunityID: "mid", breaks: [resolvedMid], issues: [])
        if resolveFirst { #expect(try session.handleReady(result, at: .zero).isEmpty) }
        let reach = try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10))
        #expect(reach.map(line) == expectedAtReach)
        if !resolveFirst {
            #expect(session.waitingForBreak == "mid")
            #expect(session.timeToNextBoundary == nil, "nothing plays while waiting")
            let actions = try session.handleReady(result, at: ClockTime(seconds: 12)).map(line)
            #expect(actions == expectedAtResult)
        }
        #expect(session.timeline.adStates(ofBreak: "mid") == [.playing, .available])
    }

    /// A resolved break takes the insertion its resolver gave it, whatever
    /// the placeholder's style: client-side ads switch the player to each
    /// ad's file, stitched ones play on in the main item. Both a scheduled
    /// (VMAP) opportunity and an in-stream cue that a custom resolver fills
    /// with client-side ads.
    @Test(arguments: [
        (signal: OpportunitySignal.schedule(.adTag("https://ads.example/mid")), insertion: Insertion.inserted,
         atReach: ["adBreakStart mid", "present mid/m1 0", "adStart mid"]),
        (signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil), insertion: .inserted,
         atReach: ["adBreakStart mid", "present mid/m1 0", "adStart mid"]),
        (signal: .schedule(.adTag("https://ads.example/mid")), insertion: .inStream,
         atReach: ["adBreakStart mid", "adStart mid"]),
    ])
    func aResolvedBreak_keepsTheInsertionItsResolverGave(signal: OpportunitySignal, insertion: Insertion, atReach: [String]) throws {
        var opportunity = midOpportunity
        opportunity.signal = signal
        var session = try running(before: [.opportunity(opportunity)])
        var resolved = resolvedMid
        resolved.insertion = insertion
        resolved.ads = resolved.ads.map { ad in
            var ad = ad
            ad.primaryAsset = AdAsset(role: .primary, uri: "https://ads.example/\(ad.id).mp4")
            return ad
        }
        _ = try session.handleReady(.resolved(opportunityID: "mid", breaks: [resolved], issues: []), at: .zero)
        #expect(session.timeline.adBreak(id: "mid")?.insertion == insertion)
        #expect(try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10)).map(line) == atReach)
        // 20 s into the break: the second ad, in its own file (which starts once shown) when client-side.
        let next = try session.handleReady(.tick(itemTime: insertion == .inserted ? s(20) : s(620)), at: ClockTime(seconds: 30)).map(line)
        #expect(next == ["adEnd mid"] + (insertion == .inserted ? ["present mid/m2 0"] : []) + ["adStart mid"])
    }

    /// Waiting at a placeholder when client-side ads arrive: the player is
    /// handed the first ad's file, not left on the main item.
    @Test func clientSideAdsArrivingWhileWaiting_switchThePlayerToTheFirstAd() throws {
        var session = try running(before: [.opportunity(midOpportunity)])
        #expect(try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10)).map(line) == ["rate 0"])
        var resolved = resolvedMid
        resolved.insertion = .inserted
        let actions = try session.handleReady(.resolved(opportunityID: "mid", breaks: [resolved], issues: []), at: ClockTime(seconds: 12))
        #expect(actions.map(line) == ["rate 1", "adBreakStart mid", "present mid/m1 0", "adStart mid"])
    }

    @Test(arguments: [true, false])
    func aResolutionThatFails_skipsItsBreakAsUnresolved_andSaysWhy(whileWaiting: Bool) throws {
        var session = try running(before: [.opportunity(midOpportunity)])
        let failure = SessionInput.resolutionFailed(opportunityID: "mid", reason: "no answer within 2 s")
        if whileWaiting {
            #expect(try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10)).map(line) == ["rate 0"])
            let actions = try session.handleReady(failure, at: ClockTime(seconds: 10)).map(line)
            // In-stream, the placeholder's planned 30 s are stitched into the item: skipping moves past them.
            #expect(actions == ["error", "rate 1", "adBreakSkip mid unresolved", "contentStart", "present main 630"])
        } else {
            let failed = try session.handleReady(failure, at: .zero).map(line)
            #expect(failed == ["error"])
            let reach = try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10)).map(line)
            #expect(reach == ["adBreakSkip mid unresolved", "contentStart", "present main 630"])
        }
        #expect(session.playhead.content == content(600))
    }

    @Test func aResultWithNoAds_isAFailure() throws {
        var session = try running(before: [.opportunity(midOpportunity)])
        let actions = try session.handleReady(.resolved(opportunityID: "mid", breaks: [], issues: ["ad a dropped: VAST error 403"]), at: .zero)
        #expect(actions.map(line) == ["error"])
        guard case .emit(let event) = actions[0], case .error(let message) = event.kind else { Issue.record("expected an error event, got \(String(describing: actions[0]))"); return }
        #expect(message == "break mid is unresolved: ad a dropped: VAST error 403")
    }

    @Test func aPlaceholderDroppedWhileResolving_cancelsItsResolution() throws {
        var session = PlaybackSession(timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict))
        let live = AdOpportunity(id: "cue", position: .stream(StreamTime(seconds: 100)), duration: s(30), signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil))
        _ = try session.handleReady(.opportunity(live), at: .zero)
        #expect(try session.handleReady(.timelineChanged(.drop(before: content(200))), at: .zero).map(line) == ["cancel cue"])
        #expect(session.timeline.count == 0)
    }

    /// A live break that replaces content grows while it plays; the session
    /// plays to its new end, then content resumes after it, not at it.
    @Test func anOpenBreakExtendedWhilePlaying_playsToItsNewEnd() throws {
        let open = AdBreak(id: "live", position: .midroll(content(600)), ads: [Ad(id: "cue", duration: s(10))],
                           occupancy: .replacesContent, isOpen: true)
        var session = try running([open])
        _ = try session.handleReady(.tick(itemTime: s(605)), at: ClockTime(seconds: 15))
        #expect(session.timeToNextBoundary == s(5))
        #expect(try session.handleReady(.timelineChanged(.extend(breakID: "live", to: s(40))), at: .zero).isEmpty)
        #expect(session.timeToNextBoundary == s(35))
        let end = try session.handleReady(.tick(itemTime: s(640)), at: ClockTime(seconds: 50))
        #expect(end.map(line) == ["adEnd live", "adBreakEnd live", "contentStart"])
        #expect(session.playhead.content == content(640), "content resumes after the replaced avail")
        #expect(session.playhead.stream == StreamTime(seconds: 640), "live: stream time is content time")
    }

    /// The window moving past the break playing keeps it until it has played.
    @Test func aDropPastTheBreakPlaying_keepsIt_untilItHasPlayed() throws {
        let live = AdBreak(id: "live", position: .midroll(content(600)), ads: [Ad(id: "cue", duration: s(30))], occupancy: .replacesContent)
        var session = try running([live])
        _ = try session.handleReady(.tick(itemTime: s(610)), at: ClockTime(seconds: 20))
        #expect(try session.handleReady(.timelineChanged(.drop(before: content(620))), at: .zero).isEmpty)
        #expect(session.timeline.adBreak(id: "live") != nil)
        let end = try session.handleReady(.tick(itemTime: s(630)), at: ClockTime(seconds: 40))
        #expect(end.map(line) == ["adEnd live", "adBreakEnd live", "contentStart"])
        _ = try session.handleReady(.timelineChanged(.drop(before: content(640))), at: .zero)
        #expect(session.timeline.adBreak(id: "live") == nil)
    }

    @Test func aBreakInsertedAhead_isReachedLikeAnyOther() throws {
        var session = try running()
        #expect(try session.handleReady(.timelineChanged(.insert(resolvedMid)), at: .zero).isEmpty)
        #expect(try session.handleReady(.tick(itemTime: s(600)), at: ClockTime(seconds: 10)).map(line) == ["adBreakStart mid", "adStart mid"])
    }

    @Test func aSeekIntoANonSeekableRange_landsAtItsEnd() throws {
        var session = try running()
        _ = try session.handleReady(.timelineChanged(.addNonSeekable(content(700)..<content(800), reason: "blackout")), at: .zero)
        let actions = try session.handleReady(.jump(.seek, to: .content(content(750))), at: .zero)
        #expect(actions.map(line) == ["seek", "seekAdjusted 800 blackout", "contentStart", "present main 800"])
        #expect(session.playhead.content == content(800))
    }

    /// A tag is delivered when playback reaches it: one behind the playhead
    /// at once, one ahead when a tick reaches its time, one a jump leaps never.
    @Test func timedMetadata_isDeliveredWhenPlaybackReachesIt() throws {
        var session = try running()
        func tag(_ seconds: Int64) -> TimedMetadata {
            TimedMetadata(name: "#EXT-OATCLS-SCTE35", value: "/DA0AAA=", streamTime: StreamTime(seconds: seconds),
                          date: ProgramDateTime("2026-11-23T10:00:00.000Z"), isForeground: true)
        }
        let behind = try session.handleReady(.metadata(tag(585)), at: .zero)
        #expect(behind == [.emit(SessionEvent(clock: .zero, stream: StreamTime(seconds: 590), content: content(590), kind: .timedMetadata(tag(585))))])
        #expect(try session.handleReady(.metadata(tag(595)), at: .zero).isEmpty)
        #expect(try session.handleReady(.metadata(tag(700)), at: .zero).isEmpty)
        #expect(try session.handleReady(.metadata(tag(900)), at: .zero).isEmpty)
        #expect(session.timeToNextBoundary == s(5), "a tick lands on the tag")
        let reached = try session.handleReady(.tick(itemTime: s(595)), at: ClockTime(seconds: 5))
        #expect(reached.map(line) == ["timedMetadata"])
        guard case .emit(let event) = reached.first else { Issue.record("expected .emit, got \(String(describing: reached.first))"); return }
        #expect(event.kind == .timedMetadata(tag(595)))
        #expect(event.stream == StreamTime(seconds: 595))
        let jumped = try session.handleReady(.jump(.seek, to: .content(content(800))), at: ClockTime(seconds: 5))
        #expect(!jumped.map(line).contains("timedMetadata"), "the tag at 700 was leaped")
        let later = try session.handleReady(.tick(itemTime: s(900)), at: ClockTime(seconds: 105))
        #expect(later.map(line) == ["timedMetadata"], "the tag at 900 is still ahead and is reached")
    }

    @Test func aChangeThatDoesNotFit_isRefusedWithTheTimelinesReason() throws {
        var session = try running([resolvedMid])
        let error = #expect(throws: SessionError.self) { _ = try session.handleReady(.timelineChanged(.insert(resolvedMid)), at: .zero) }
        #expect(error?.description == "break \"mid\": the id is used by another break")
    }

    @Test func stop_savesTheBookmark() throws {
        var session = try running()
        #expect(try session.handleReady(.stop, at: ClockTime(seconds: 5)).map(line) == ["bookmark", "save 590", "rate 0", "sessionEnd"])
    }
}

