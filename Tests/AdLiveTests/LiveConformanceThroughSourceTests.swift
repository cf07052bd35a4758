import AdLive
import AdPlaybackTestSupport
import AdSimulation
import AdTransport
import Foundation
import HLS
import MediaTime
import Testing

/// Each live conformance playlist served by an origin and read through the
/// live source: the facts its README row states.
@Suite struct LiveConformanceThroughSourceTests {
    private func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/live/" + name, withExtension: nil))
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Serves `texts` one per request (the last one from then on) and
    /// follows them through a `LiveSource` on a virtual clock.
    private func follow(_ texts: [String]) async throws -> (updates: [LiveSource.Update], follower: LiveFollower) {
        let clock = VirtualClock()
        let source = LiveSource(url: URL(string: "https://origin.example/live.m3u8")!, client: HTTPClient(transport: Sequence(texts: texts), clock: clock))
        let collector = Collector()
        let follower = await clock.run(advancingBy: MediaDuration(microseconds: 250_000)) {
            await source.follow(for: .seconds(Int64(texts.count) * 8)) { await collector.add($0) }
        }
        return (await collector.updates, follower)
    }

    private func ended(_ updates: [LiveSource.Update]) -> [PlacementOpportunity] {
        updates.compactMap { if case .opportunityEnd(let o) = $0.event { o } else { nil } }
    }

    private func started(_ updates: [LiveSource.Update]) -> [PlacementOpportunity] {
        updates.compactMap { if case .opportunityStart(let o) = $0.event { o } else { nil } }
    }

    @Test func threefive_twoOATCLSBreaks_areAdOpportunities_notBlackouts() async throws {
        let (updates, follower) = try await follow([try fixture("threefive-oatcls-cueout-vod.m3u8")])
        #expect(ended(updates).map(\.duration) == [MediaDuration(seconds: 30), MediaDuration(seconds: 30)])
        #expect(follower.live != nil)
        #expect(!updates.contains { if case .blackout = $0.event { true } else { false } }, "no blackout for this device")
        #expect(updates.last?.event == .end)
    }

    @Test func slashForm_openBreak_isStillOpenAtTheLiveEdge() async throws {
        let (updates, _) = try await follow([try fixture("m3u8py-cue-out-cont-slash-open-break-live.m3u8")])
        let start = try #require(started(updates).first)
        #expect(start.isOpen)
        #expect(start.plannedDuration == MediaDuration(microseconds: 119_987_000))
        #expect(ended(updates).isEmpty)
    }

    @Test func elemental_isA50sBreakAtSequence47227() async throws {
        let (updates, _) = try await follow([try fixture("m3u8py-cue-out-elemental-asset.m3u8")])
        let end = try #require(ended(updates).first)
        #expect(end.mediaSequence == 47_227)
        #expect(end.duration == MediaDuration(seconds: 50))
    }

    @Test func envivio_cueInAfter40s_endsTheBreakEarly() async throws {
        let (updates, _) = try await follow([try fixture("m3u8py-cue-span-envivio-live.m3u8")])
        let end = try #require(ended(updates).first)
        #expect(end.duration == MediaDuration(seconds: 40))
        #expect(end.plannedDuration == MediaDuration(seconds: 366))
    }

    @Test func mediaTailorOrigin_isA20_02sBreak_notThe21sOfItsContinuations() async throws {
        let (updates, _) = try await follow([try fixture("awsdocs-mediatailor-origin-cue-oatcls-live.m3u8")])
        #expect(ended(updates).map(\.duration) == [MediaDuration(microseconds: 20_020_000)])
    }

    @Test func mediaTailorPersonalised_hasNoCues() async throws {
        let (updates, _) = try await follow([try fixture("awsdocs-mediatailor-personalized-live.m3u8")])
        #expect(started(updates).isEmpty)
    }

    @Test func mediaTailorFirstManifest_theAdSegmentStartsAt18_581335s() async throws {
        let (_, follower) = try await follow([try fixture("awsdocs-mediatailor-first-manifest-with-avail.m3u8")])
        let playlist = try #require(follower.live?.playlist)
        // The ad is the first segment after the DISCONTINUITY; the EXTINF sum before it is 18.581335 s.
        let ad = try #require(playlist.segments.first { $0.discontinuity })
        #expect(ad.start == StreamTime(ticks: MediaDuration(microseconds: 18_581_335).ticks))
        #expect(playlist.programDateTime(at: ad.start)?.description == "2023-05-03T21:24:41.453Z")
    }

    @Test func dateRangeOutAndIn_isOneBreakOf59_993s() async throws {
        let (updates, _) = try await follow([try fixture("m3u8py-daterange-scte35-out-in.m3u8")])
        #expect(ended(updates).map(\.duration) == [MediaDuration(microseconds: 59_993_000)])
        #expect(started(updates).count == 1)
    }

    /// hls.js maps each date range against the latest PDT before it: D0 at
    /// −1 s (a second before the first segment), D1 at 0.
    @Test func pdtJumps_dateRangesPlacedAgainstTheirPDT() async throws {
        let (updates, _) = try await follow([try fixture("hlsjs-daterange-pdt-jumps-live.m3u8")])
        let ranges = updates.compactMap { update -> (String, StreamTime)? in
            guard case .timedMetadata(let item, _) = update.event, item.name == "#EXT-X-DATERANGE", let value = item.value else { return nil }
            return (String(value.prefix(7)), item.time)
        }
        #expect(ranges.first { $0.0 == "ID=\"D0\"" }?.1 == StreamTime(seconds: -1))
        #expect(ranges.first { $0.0 == "ID=\"D1\"" }?.1 == .zero)
        // D2's 16:00:15 is placed through the segments' own dates, not the PDT in
        // force at its tag (16:08:00 at 8 s, which would put it 457 s before the
        // window): segment 2 ends at 16:00:08, the dates jump to 16:08:00 at 8 s,
        // so no segment holds 16:00:15 and it maps to the first segment after
        // that stretch, at 8 s.
        #expect(ranges.first { $0.0 == "ID=\"D2\"" }?.1 == StreamTime(seconds: 8))
    }

    @Test func deltaUpdates_D2LeavesAt2_D3At4_sequence1to5to6to7() async throws {
        let texts = try ["hlsjs-delta-1-full.m3u8", "hlsjs-delta-2-skip-removed-D2.m3u8", "hlsjs-delta-3-skip.m3u8",
                         "hlsjs-delta-4-skip-removed-D2-D3.m3u8"].map(fixture)
        let (updates, follower) = try await follow(texts)
        let sequences = updates.compactMap { if case .refresh(let sequence, _, true) = $0.event { sequence } else { nil } }
        #expect(sequences == [1, 5, 6, 7], "the changed refreshes; later ones repeat the last text unchanged")
        #expect(follower.live?.playlist.dateRanges.map(\.id) == ["D4"])
    }

    @Test func interstitialLiveJoin_isA30sInterstitialAt20sWithItsAssetList() async throws {
        let (updates, _) = try await follow([try fixture("hlsjs-interstitial-live-join-asset-list.m3u8")])
        let start = try #require(started(updates).first)
        #expect(start.start == StreamTime(seconds: 20))
        #expect(start.duration == MediaDuration(seconds: 30))
        guard case .interstitial(let interstitial) = start.kind else { Issue.record("not an interstitial"); return }
        #expect(interstitial.assetList != nil)
    }

    @Test func sgaiRefreshes_consolidateEachMidrollByID() async throws {
        let texts = try ["hlsjs-interstitials-sgai-live-refresh-1.m3u8", "hlsjs-interstitials-sgai-live-refresh-2.m3u8"].map(fixture)
        let (updates, follower) = try await follow(texts)
        let ids = started(updates).map(\.id)
        #expect(Set(ids).count == ids.count)
        let midrolls = follower.live?.playlist.opportunities.filter { $0.id != "preroll" } ?? []
        #expect(midrolls.allSatisfy { $0.duration == MediaDuration(seconds: 15) })
        let preroll = try #require(follower.live?.playlist.opportunities.first { $0.id == "preroll" })
        guard case .interstitial(let interstitial) = preroll.kind else { Issue.record("not an interstitial"); return }
        #expect(interstitial.cue == [.pre, .once])
        #expect(interstitial.playoutLimit == MediaDuration(seconds: 30))
    }

    /// DATERANGE lines after ENDLIST still count: a pre-roll (CUE PRE,ONCE)
    /// and a mid-roll, with their restrictions, resume offsets and limits.
    @Test func shakaPreOnceRestrict_bothInterstitials_withTheirAttributes() async throws {
        let (updates, _) = try await follow([try fixture("shaka-interstitial-pre-once-restrict.m3u8")])
        let interstitials = started(updates).compactMap { opportunity -> (String, Interstitial)? in
            if case .interstitial(let interstitial) = opportunity.kind { (opportunity.id, interstitial) } else { nil }
        }
        #expect(interstitials.map(\.0) == ["0", "1"])
        #expect(interstitials.map(\.1.cue) == [[.pre, .once], .once] as [DateRange.Cue])
        #expect(interstitials.map(\.1.restrictions) == [.jump, [.skip, .jump]] as [Interstitial.Restrictions])
        #expect(interstitials.map(\.1.resumeOffset) == [.zero, MediaDuration(seconds: 6)])
        #expect(interstitials.map(\.1.playoutLimit) == [MediaDuration(seconds: 5), MediaDuration(seconds: 5)])
        #expect(started(updates).first?.start == .zero, "CUE=PRE places it at the start")
    }

    @Test func shakaAssetList_noNewlineAtTheEnd_isAn8sInterstitialWithItsList() async throws {
        let (updates, _) = try await follow([try fixture("shaka-interstitial-asset-list.m3u8")])
        let start = try #require(started(updates).first)
        #expect(start.duration == MediaDuration(seconds: 8))
        guard case .interstitial(let interstitial) = start.kind else { Issue.record("not an interstitial"); return }
        #expect(interstitial.assetList == "ads.json")
        #expect(interstitial.resumeOffset == .zero)
    }

    /// In-manifest tracking (SVTA 2053-2) is no cue: the reader's placements
    /// have none (the ads it describes reach a session through
    /// `LiveInputs` as a tracked avail), and it is timed metadata carrying
    /// its signalling attribute.
    @Test func svta2053_creativeSignalling_isTimedMetadataWithItsPayload() async throws {
        let (updates, _) = try await follow([try fixture("shaka-svta2053-ad-creative-signaling.m3u8")])
        #expect(started(updates).isEmpty)
        let tags = updates.compactMap { if case .timedMetadata(let item, _) = $0.event { item } else { nil } }
        #expect(tags.contains { $0.name == "#EXT-X-DATERANGE" && ($0.value ?? "").contains("X-AD-CREATIVE-SIGNALING=") })
    }

    /// MediaConvert's dialect (stray spaces, elapsed beyond the duration, a
    /// 0 s segment): one break from its CUE-OUT to its CUE-IN.
    @Test func mediaConvert_isOneBreakEndedByItsCueIn() async throws {
        let (updates, follower) = try await follow([try fixture("m3u8py-cue-out-mediaconvert-vod.m3u8")])
        let end = try #require(ended(updates).first)
        #expect(end.start == StreamTime(seconds: 10))
        #expect(end.duration == MediaDuration(seconds: 30))
        #expect(follower.live?.playlist.segments.contains { $0.duration == .zero } == true)
    }

    @Test func midBreakWindow_isAJoinedInProgressBreak_closedByItsCueIn() async throws {
        let (updates, _) = try await follow([try fixture("m3u8py-cue-out-cont-live-mid-break.m3u8")])
        let end = try #require(ended(updates).first)
        #expect(end.joinedInProgress)
        // Its cue-out lies before the window and nothing says how long
        // before: the window's start is the latest it can have begun.
        #expect(end.startIsLatestPossible)
        #expect(end.start == .zero)
        #expect(end.end == StreamTime(seconds: 30))
    }

    /// A window that opens on a continuation stating the elapsed time, in
    /// each form the dialects write it: the break began that long before
    /// the window, and that is where it starts (before stream time 0).
    @Test(arguments: [
        "#EXT-X-CUE-OUT-CONT:ElapsedTime=24,Duration=60",
        "#EXT-X-CUE-OUT-CONT:24/60",
        "#EXT-X-CUE-SPAN:TIMEFROMSIGNAL=PT24S,ID=7",
    ])
    func aWindowJoinedWithItsElapsedTime_startsTheBreakBeforeTheWindow(_ continuation: String) async throws {
        let text = midBreakWindow(continuation: continuation, ended: true)
        let (updates, _) = try await follow([text])
        let end = try #require(ended(updates).first)
        #expect(end.joinedInProgress)
        #expect(!end.startIsLatestPossible)
        #expect(end.start == StreamTime(seconds: -24))
        #expect(end.programDateTime?.description == "2026-01-01T00:00:36.000Z")
        #expect(end.end == StreamTime(seconds: 12))
    }
}

/// Answers the n-th request with the n-th text (the last one from then on).
private final class Sequence: HTTPTransport, @unchecked Sendable {
    // `served` is touched only with `lock` held.
    private let lock = NSLock()
    private let texts: [String]
    private var served = 0

    init(texts: [String]) { self.texts = texts }

    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let text = lock.withLock { () -> String in
            defer { served += 1 }
            return texts[min(served, texts.count - 1)]
        }
        return HTTPResponse(status: 200, body: Array(text.utf8), url: request.url)
    }
}
