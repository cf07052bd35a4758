import HLS
import MediaTime
import Testing

/// The facts the live conformance README states, for the files whose
/// reading was wrong: same-ID date ranges consolidated, and delta updates'
/// removals honoured.
@Suite struct LiveConformanceTests {
    /// SCTE35-OUT with PLANNED-DURATION, then the same ID with SCTE35-IN and
    /// DURATION (and no START-DATE): one break of 59.993 s from the start.
    @Test func dateRangeOutAndIn_sharingAnID_isOneBreakOfItsDuration() throws {
        let playlist = try Fixture.media("live/m3u8py-daterange-scte35-out-in.m3u8")
        #expect(playlist.opportunities.count == 1)
        let only = try #require(playlist.opportunities.first)
        #expect(only.id == "splice-6FFFFFF0")
        #expect(only.start == .zero)
        #expect(only.duration == MediaDuration(microseconds: 59_993_000))
        #expect(!only.isOpen)
        #expect(!playlist.warnings.contains { $0.message.contains("no START-DATE") }, "the second tag starts where the range did")
        #expect(playlist.warnings.contains { $0.message.contains("does not decode") }, "the illustrative payloads are reported")
    }

    /// Each mid-roll appears twice under one ID: PLANNED-DURATION=15 with
    /// the asset list, then END-DATE, DURATION=15.0 and X-PLAYOUT-LIMIT=16.
    @Test func interstitialRepeatedWithItsDuration_isOneInterstitialOf15sWithItsAssetList() throws {
        let playlist = try Fixture.media("live/hlsjs-interstitials-sgai-live-refresh-1.m3u8")
        #expect(playlist.opportunities.map(\.id) == ["preroll", "1781298578033-101-270F", "1781298637933-101-270F"])
        for opportunity in playlist.opportunities.dropFirst() {
            #expect(opportunity.duration == MediaDuration(seconds: 15), "\(opportunity.id)")
            guard case .interstitial(let interstitial) = opportunity.kind else {
                Issue.record("\(opportunity.id) is not an interstitial")
                continue
            }
            #expect(interstitial.assetList == opportunity.id)
            #expect(interstitial.snap == [.out, .in])
            #expect(interstitial.problems.isEmpty)
        }
        guard case .interstitial(let first) = playlist.opportunities[1].kind else { Issue.record("expected .interstitial, got \(String(describing: playlist.opportunities[1].kind))"); return }
        #expect(first.playoutLimit == MediaDuration(seconds: 16), "the later tag's limit")
        #expect(playlist.opportunities[1].start == MediaDuration(microseconds: 20_500_000).asStreamTime)
    }

    @Test func interstitialRefreshes_keepOneInterstitialPerID() throws {
        var live = try LivePlaylist(try Fixture.bytes("live/hlsjs-interstitials-sgai-live-refresh-1.m3u8"))
        let delta = try live.refresh(with: try Fixture.bytes("live/hlsjs-interstitials-sgai-live-refresh-2.m3u8"))
        let ids = live.playlist.opportunities.map(\.id)
        #expect(Set(ids).count == ids.count, "no id twice: \(ids)")
        #expect(delta.openedOpportunities.allSatisfy { !["preroll", "1781298578033-101-270F"].contains($0) })
    }

    /// `_HLS_skip=v2` delta updates: D2 leaves the model at #2, D3 at #4;
    /// the media sequence goes 1 → 5 → 6 → 7.
    @Test func deltaUpdates_removeTheRecentlyRemovedDateRanges() throws {
        var live = try LivePlaylist(try Fixture.bytes("live/hlsjs-delta-1-full.m3u8"))
        #expect(live.playlist.dateRanges.map(\.id) == ["D2"])
        let second = try live.refresh(with: try Fixture.bytes("live/hlsjs-delta-2-skip-removed-D2.m3u8"))
        #expect(second.removedDateRanges == ["D2"])
        #expect(live.playlist.dateRanges.map(\.id) == ["D3"])
        #expect(live.playlist.mediaSequence == 5)
        let third = try live.refresh(with: try Fixture.bytes("live/hlsjs-delta-3-skip.m3u8"))
        #expect(third.removedDateRanges.isEmpty)
        #expect(live.playlist.dateRanges.map(\.id) == ["D3"], "a repeated range is kept once")
        #expect(live.playlist.mediaSequence == 6)
        let fourth = try live.refresh(with: try Fixture.bytes("live/hlsjs-delta-4-skip-removed-D2-D3.m3u8"))
        #expect(fourth.removedDateRanges == ["D3"])
        #expect(live.playlist.dateRanges.map(\.id) == ["D4"])
        #expect(live.playlist.mediaSequence == 7)
        #expect(live.playlist.segments.last.map { live.playlist.uri(of: $0) } == "12.m4s")
    }
}

extension MediaDuration {
    fileprivate var asStreamTime: StreamTime { StreamTime(ticks: ticks) }
}
