import AdPlaybackTestSupport
import AdResolvers
import AdSignals
import AdTimeline
import AdTransport
import Foundation
import HLS
import MediaTime
import Testing
import VirtualTime

/// An interstitial becomes its break: one inserted ad per asset, absolute
/// URLs carrying the session's primary id, cut to the playout limit, its
/// occupancy from the resume offset; a list that fails cancels it.
@Suite struct InterstitialResolverTests {
    static let playlistURL = "https://origin.example/live/main.m3u8"
    let transport = InMemoryTransport()
    var resolver: InterstitialResolver {
        InterstitialResolver(client: HTTPClient(transport: transport, clock: VirtualClock()), primaryID: "S1")
    }

    /// The opportunity the playlist's one interstitial is (START-DATE 8 s into the stream).
    static func opportunity(_ attributes: String) throws -> AdOpportunity {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
            #EXTINF:4,
            s0.ts
            #EXTINF:4,
            s1.ts
            #EXTINF:4,
            s2.ts
            #EXTINF:4,
            s3.ts
            #EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:08.000Z",\(attributes)

            """
        let playlist = try PlaylistParser().parseMedia(Array(text.utf8))
        let placement = try #require(playlist.opportunities.first)
        return AdOpportunity(placement, playlistURL: playlistURL)
    }

    @Test func anAssetURI_isOneInsertedAd_knownAtOnce_atItsAbsoluteURLWithThePrimaryID() throws {
        let opportunity = try Self.opportunity(#"DURATION=10,X-ASSET-URI="ads/a.m3u8",X-RESUME-OFFSET=0"#)
        #expect(resolver.shouldResolve(opportunity))
        let result = try #require(resolver.resolveAtOnce(opportunity))
        let adBreak = try #require(result.breaks.first)
        #expect(adBreak.id == "ad")
        #expect(adBreak.position == .midroll(ContentTime(seconds: 8)))
        #expect(adBreak.insertion == .inserted)
        #expect(adBreak.occupancy == .addsStreamTime, "resume offset 0 inserts")
        #expect(adBreak.ads.map(\.id) == ["ad/1"])
        #expect(adBreak.ads.first?.duration == MediaDuration(seconds: 10))
        #expect(adBreak.ads.first?.primaryAsset?.uri == "https://origin.example/live/ads/a.m3u8?_HLS_primary_id=S1")
        #expect(result.issues.isEmpty)
    }

    /// No resume offset: the break replaces the content it covers; the
    /// playout limit cuts it.
    @Test func noResumeOffset_replacesContent_cutToThePlayoutLimit() throws {
        let opportunity = try Self.opportunity(#"DURATION=10,X-ASSET-URI="https://ads.example/a.m3u8?x=1",X-PLAYOUT-LIMIT=6"#)
        let adBreak = try #require(resolver.resolveAtOnce(opportunity)?.breaks.first)
        #expect(adBreak.occupancy == .replacesContent)
        #expect(adBreak.duration == MediaDuration(seconds: 6))
        #expect(adBreak.ads.first?.primaryAsset?.uri == "https://ads.example/a.m3u8?x=1&_HLS_primary_id=S1")
    }

    /// Shaka's second event: a 5 s limit and X-RESUME-OFFSET=6: primary
    /// resumes 6 s after the scheduled point.
    @Test func anotherResumeOffset_isWherePrimaryResumes() throws {
        let opportunity = try Self.opportunity(#"CUE="ONCE",X-ASSET-URI="ad.m3u8",X-RESTRICT="SKIP,JUMP",X-RESUME-OFFSET=6.0,X-PLAYOUT-LIMIT=5.0"#)
        let adBreak = try #require(resolver.resolveAtOnce(opportunity)?.breaks.first)
        #expect(adBreak.duration == MediaDuration(seconds: 5))
        #expect(adBreak.resumeOffset == MediaDuration(seconds: 6))
        #expect(adBreak.coveredContent(duration: adBreak.duration) == MediaDuration(seconds: 6))
        #expect(adBreak.restrictions == [.noSkip, .noJumpOver, .once])
    }

    /// A post-roll covers no content, whatever its resume offset: none follows it.
    @Test func aPostroll_coversNothing() throws {
        let adBreak = try #require(resolver.resolveAtOnce(try Self.opportunity(#"CUE="POST",DURATION=5,X-ASSET-URI="a.m3u8""#))?.breaks.first)
        #expect(adBreak.position == .postroll)
        #expect(adBreak.coveredContent(duration: adBreak.duration) == .zero)
    }

    @Test(arguments: [("PRE", BreakPosition.preroll), ("POST", .postroll), ("ONCE", .midroll(ContentTime(seconds: 8)))])
    func theCue_placesTheBreak(cue: String, position: BreakPosition) throws {
        let opportunity = try Self.opportunity(#"DURATION=5,X-ASSET-URI="a.m3u8",CUE="\#(cue)""#)
        #expect(try #require(resolver.resolveAtOnce(opportunity)?.breaks.first).position == position)
    }

    /// An asset list is fetched (with the primary id), relative to the
    /// playlist; its assets are relative to the list.
    @Test func anAssetList_isFetched_andEachAssetIsAnAd() async throws {
        transport.route("/live/lists/ads.json", .document(#"{"ASSETS": [{"URI": "ad.m3u8", "DURATION": 4}, {"URI": "ad1.m3u8", "DURATION": 4}]}"#))
        let opportunity = try Self.opportunity(#"DURATION=8,X-ASSET-LIST="lists/ads.json",X-RESUME-OFFSET=0"#)
        #expect(resolver.resolveAtOnce(opportunity) == nil, "a list is fetched")
        let result = try await resolver.resolve(opportunity)
        let adBreak = try #require(result.breaks.first)
        #expect(adBreak.ads.map(\.primaryAsset?.uri) == [
            "https://origin.example/live/lists/ad.m3u8?_HLS_primary_id=S1", "https://origin.example/live/lists/ad1.m3u8?_HLS_primary_id=S1",
        ])
        #expect(adBreak.ads.map(\.duration) == [MediaDuration(seconds: 4), MediaDuration(seconds: 4)])
        #expect(transport.requests.map(\.url.absoluteString) == ["https://origin.example/live/lists/ads.json?_HLS_primary_id=S1"])
    }

    /// A list is fetched once per interstitial; a changed tag fetches it again.
    @Test func aListIsCachedPerInterstitial_untilItsTagChanges() async throws {
        transport.route("/live/c.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 6}]}"#))
        let resolver = resolver
        let opportunity = try Self.opportunity(#"DURATION=6,X-ASSET-LIST="c.json""#)
        _ = try await resolver.resolve(opportunity)
        let again = try await resolver.resolve(opportunity)
        #expect(again.breaks.first?.duration == MediaDuration(seconds: 6))
        #expect(transport.requests.count == 1, "the same interstitial again is not fetched again")
        let changed = try Self.opportunity(#"DURATION=6,X-ASSET-LIST="c.json",X-PLAYOUT-LIMIT=4"#)
        #expect(try await resolver.resolve(changed).breaks.first?.duration == MediaDuration(seconds: 4))
        #expect(transport.requests.count == 2, "a changed tag is fetched again")
    }

    /// Joined 4.5 s in, the list request says so (`_HLS_start_offset`).
    @Test func aJoinedInterstitial_asksForItsListWithTheStartOffset() async throws {
        transport.route("/live/j.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 8}]}"#))
        var opportunity = try Self.opportunity(#"DURATION=8,X-ASSET-LIST="j.json""#)
        opportunity.joinOffset = MediaDuration(microseconds: 4_500_000)
        _ = try await resolver.resolve(opportunity)
        #expect(transport.requests.map(\.url.absoluteString) == ["https://origin.example/live/j.json?_HLS_primary_id=S1&_HLS_start_offset=4.5"])
    }

    /// An empty list with a resume offset: a break with nothing to play
    /// that moves primary playback on by it.
    @Test func anEmptyListWithAResumeOffset_movesPrimaryOn() async throws {
        transport.route("/live/e.json", .document(#"{"ASSETS": []}"#))
        let result = try await resolver.resolve(try Self.opportunity(#"DURATION=10,X-ASSET-LIST="e.json",X-RESUME-OFFSET=10"#))
        let adBreak = try #require(result.breaks.first)
        #expect(adBreak.ads.isEmpty)
        #expect(adBreak.resumeOffset == MediaDuration(seconds: 10))
        #expect(result.issues.first?.contains("resumes 10 s on") == true, "\(result.issues)")
    }

    /// hls.js's pre-roll list (2 × 15 s) under a 20 s limit: 15 s and 5 s.
    @Test func thePlayoutLimit_cutsAListsAssets() async throws {
        transport.route("/live/pre.json", .document(#"{"ASSETS":[{ "DURATION": 15, "URI": "preroll-1.m3u8" },{ "DURATION": 15, "URI": "preroll-2.m3u8" }]}"#))
        let opportunity = try Self.opportunity(#"CUE="PRE,ONCE",X-ASSET-LIST="pre.json",X-PLAYOUT-LIMIT=20"#)
        let adBreak = try #require(try await resolver.resolve(opportunity).breaks.first)
        #expect(adBreak.ads.map(\.duration) == [MediaDuration(seconds: 15), MediaDuration(seconds: 5)])
        #expect(adBreak.position == .preroll)
    }

    /// The tag's skip control becomes the break's; a list's SKIP-CONTROL overrides it.
    @Test func theSkipControl_comesFromTheTag_orTheListWhichOverridesIt() async throws {
        let tagged = try Self.opportunity(
            #"DURATION=10,X-ASSET-URI="a.m3u8",X-SKIP-CONTROL-OFFSET=3,X-SKIP-CONTROL-DURATION=4,X-SKIP-CONTROL-LABEL-ID="skip""#)
        let fromTag = try #require(resolver.resolveAtOnce(tagged)?.breaks.first)
        #expect(fromTag.skipControl == BreakSkipControl(offset: MediaDuration(seconds: 3), duration: MediaDuration(seconds: 4), labelID: "skip"))
        transport.route("/live/s.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 8}], "SKIP-CONTROL": {"OFFSET": 5}}"#))
        let listed = try Self.opportunity(#"DURATION=8,X-ASSET-LIST="s.json",X-SKIP-CONTROL-OFFSET=3"#)
        let fromList = try #require(try await resolver.resolve(listed).breaks.first)
        #expect(fromList.skipControl == BreakSkipControl(offset: MediaDuration(seconds: 5)))
        transport.route("/live/n.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 8}]}"#))
        let unlisted = try Self.opportunity(#"DURATION=8,X-ASSET-LIST="n.json",X-SKIP-CONTROL-OFFSET=3"#)
        #expect(try await resolver.resolve(unlisted).breaks.first?.skipControl == BreakSkipControl(offset: MediaDuration(seconds: 3)))
    }

    /// A list that fails, is not usable or is empty leaves no break, and says why.
    @Test(arguments: [
        (InMemoryTransport.Answer.response(status: 404, body: []), "its asset list failed"),
        (.document(#"{"ASSETS": [{"URI": "a.m3u8"}]}"#), "$.ASSETS[0] (line 1, column 13): missing \"DURATION\""),
        (.document(#"{"ASSETS": []}"#), "has no assets to play"),
    ])
    func aListThatGivesNothing_cancelsTheInterstitial(answer: InMemoryTransport.Answer, why: String) async throws {
        transport.route("/live/l.json", answer)
        let result = try await resolver.resolve(try Self.opportunity(#"DURATION=8,X-ASSET-LIST="l.json""#))
        #expect(result.breaks.isEmpty)
        #expect(result.issues.count == 1)
        #expect(result.issues.first?.contains(why) == true, "\(result.issues)")
    }

    @Test func anAssetURIWithNoStatedDuration_isNotPlayed_andSaysWhy() throws {
        let result = try #require(resolver.resolveAtOnce(try Self.opportunity(#"X-ASSET-URI="a.m3u8""#)))
        #expect(result.breaks.isEmpty)
        #expect(result.issues.first?.contains("its duration is not stated") == true, "\(result.issues)")
    }
}
