import AdLive
import AdPlaybackTestSupport
import HLS
import MediaTime
import Testing

private func body(_ script: LiveOriginScript, at seconds: Int64) -> [UInt8] {
    guard case .playlist(let text) = script.answer(at: ClockTime(seconds: seconds)) else { return [] }
    return Array(text.utf8)
}

/// The follower's decisions, input by input, with no clock and no network.
@Suite struct LiveFollowerTests {
    let script = LiveOriginScript(segmentMilliseconds: 2_000, window: 5)

    /// RFC 8216bis §6.3.4: after a changed playlist wait the last segment's
    /// duration, after an unchanged one half the target duration.
    @Test func reloadTiming_followsTheHLSRules() {
        var follower = LiveFollower(url: "u")
        _ = follower.take(body(script, at: 0), at: .zero)
        #expect(follower.nextDelay == MediaDuration(seconds: 2))
        _ = follower.take(body(script, at: 0), at: ClockTime(seconds: 2))
        #expect(follower.nextDelay == MediaDuration(seconds: 1))
        _ = follower.take(body(script, at: 2), at: ClockTime(seconds: 3))
        #expect(follower.nextDelay == MediaDuration(seconds: 2))
    }

    @Test func faults_backOffFromHalfATargetDuration_doubling_toACap() {
        var follower = LiveFollower(url: "u")
        _ = follower.take(body(script, at: 0), at: .zero)
        var delays: [MediaDuration] = []
        for attempt in 1...6 {
            _ = follower.fail(LiveFault(url: "u", status: 503, reason: "HTTP 503"), at: ClockTime(seconds: Int64(attempt)))
            delays.append(follower.nextDelay)
        }
        #expect(delays == [1, 2, 4, 8, 8, 8].map { MediaDuration(seconds: $0) }, "cap: 4 target durations")
        _ = follower.take(body(script, at: 8), at: ClockTime(seconds: 30))
        #expect(follower.failures == 0)
        #expect(follower.nextDelay == MediaDuration(seconds: 2))
    }

    @Test func theFetchLimit_isThreeTargetDurations_atLeastFiveSeconds() {
        var follower = LiveFollower(url: "u")
        #expect(follower.fetchTimeout == MediaDuration(seconds: 18), "6 s assumed before the first playlist")
        _ = follower.take(body(script, at: 0), at: .zero)
        #expect(follower.fetchTimeout == MediaDuration(seconds: 6))
        var short = LiveOriginScript(segmentMilliseconds: 1_000, window: 3)
        short.endAfter = 100
        var other = LiveFollower(url: "u")
        _ = other.take(body(short, at: 0), at: .zero)
        #expect(other.fetchTimeout == MediaDuration(seconds: 5))
    }

    @Test func anUnchangedPlaylist_isStaleAfterOneAndAHalfTargetDurations_once() {
        var follower = LiveFollower(url: "u")
        let same = body(script, at: 0)
        _ = follower.take(same, at: .zero)
        #expect(!follower.take(same, at: ClockTime(seconds: 2)).contains { if case .stale = $0 { true } else { false } })
        #expect(follower.take(same, at: ClockTime(seconds: 3)).contains(.stale(unchangedFor: MediaDuration(seconds: 3))))
        #expect(!follower.take(same, at: ClockTime(seconds: 4)).contains { if case .stale = $0 { true } else { false } })
        _ = follower.take(body(script, at: 6), at: ClockTime(seconds: 6))
        #expect(follower.take(body(script, at: 6), at: ClockTime(seconds: 9)).contains(.stale(unchangedFor: MediaDuration(seconds: 3))))
    }

    @Test func theFirstBodyUnparsable_isAFault_andNothingIsFollowedYet() {
        var follower = LiveFollower(url: "u")
        let events = follower.take(Array("<html>".utf8), at: .zero)
        #expect(follower.live == nil)
        guard case .originError(_, nil, let reason, let retry)? = events.first else {
            Issue.record("\(events)")
            return
        }
        #expect(reason.hasPrefix("the playlist does not parse: line 1"))
        #expect(retry == MediaDuration(seconds: 3))
    }

    /// Absurd playlists cannot make the follower spin or overflow: the
    /// target duration counts as 1 s to 1 hour, and no wait is under 100 ms.
    @Test func absurdTargetDurationsAndZeroSegments_areBounded() {
        var huge = LiveFollower(url: "u")
        _ = huge.take(Array("#EXTM3U\n#EXT-X-TARGETDURATION:99999999999999\n#EXTINF:5,\na.ts\n".utf8), at: .zero)
        #expect(huge.targetDuration == MediaDuration(seconds: 3_600))
        _ = huge.fail(LiveFault(url: "u", reason: "x"), at: ClockTime(seconds: 1))
        #expect(huge.nextDelay == MediaDuration(seconds: 1_800))
        var zero = LiveFollower(url: "u")
        _ = zero.take(Array("#EXTM3U\n#EXT-X-TARGETDURATION:0\n#EXTINF:0,\na.ts\n".utf8), at: .zero)
        #expect(zero.nextDelay == LiveFollower.minimumDelay)
    }

    /// A body with a bad line after new lines: the follower reports what
    /// came before it (the segments, the interstitial it announces), then
    /// the fault, and retries after a backoff.
    @Test func aBodyWithABadLine_reportsWhatCameBeforeIt_thenTheFault() throws {
        let head = """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MEDIA-SEQUENCE:0
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z
            #EXTINF:6.0,
            s0.ts
            """
        let announced = """

            #EXTINF:6.0,
            s1.ts
            #EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:30Z",DURATION=10,X-ASSET-URI="ad.m3u8"
            """
        var follower = LiveFollower(url: "u")
        _ = follower.take(Array(head.utf8), at: .zero)
        let events = follower.take(Array((head + announced + "\norphan.ts").utf8), at: ClockTime(seconds: 6))
        #expect(events.first == .refresh(mediaSequence: 0, segments: 2, changed: true))
        #expect(events.contains { if case .opportunityStart(let opportunity) = $0 { opportunity.id == "promo" } else { false } })
        guard case .originError(_, nil, let reason, let retry)? = events.last else {
            Issue.record("\(events)")
            return
        }
        #expect(reason.hasPrefix("the playlist does not parse: line 10"))
        #expect(retry == MediaDuration(seconds: 3))
        let next = follower.take(Array((head + announced).utf8), at: ClockTime(seconds: 9))
        #expect(!next.contains { if case .opportunityStart = $0 { true } else { false } })
    }
}
