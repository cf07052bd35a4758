import AdPlaybackTestSupport
import AdResolvers
import AdTracking
import VAST
import AdSignals
import VirtualTime
import AdTransport
import AdTimeline
import Foundation
import MediaTime
import Logging
import Testing
import VAST
import VASTResolution
import AdURLSession

/// Resolvers and their registry, against a real HTTP server on loopback.
@Suite(.serialized) struct ResolverTests {
    static func inline(_ id: String, seconds: Int, sequence: Int? = nil) -> String {
        """
        <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem><AdTitle>\(id)</AdTitle>
        <Impression>https://t.example/i/\(id)</Impression><Error>https://t.example/e/\(id)?c=[ERRORCODE]</Error>
        <Creatives><Creative><Linear><Duration>00:00:\(seconds < 10 ? "0" : "")\(seconds)</Duration>
        <TrackingEvents><Tracking event="complete">https://t.example/c/\(id)</Tracking></TrackingEvents>
        <MediaFiles><MediaFile delivery="streaming" type="application/x-mpegURL">https://cdn.example/\(id).m3u8</MediaFile></MediaFiles>
        <VideoClicks><ClickThrough>https://landing.example/\(id)</ClickThrough></VideoClicks>
        </Linear></Creative><Creative><CompanionAds><Companion width="300" height="250">
        <StaticResource creativeType="image/png">https://cdn.example/\(id).png</StaticResource></Companion></CompanionAds></Creative>
        </Creatives></InLine></Ad>
        """
    }

    private var chain: VASTChainResolver {
        var chain = VASTChainResolver(client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock()), macroValues: { [:] })
        chain.reportsErrors = false
        return chain
    }

    @Test func vmap_placesEachBreak_andFillsItFromItsVAST() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/mid", .document("<VAST version=\"4.2\">\(Self.inline("m1", seconds: 20, sequence: 1))\(Self.inline("m2", seconds: 10, sequence: 2))</VAST>"))
            await server.serve("/wrapper", .document("""
                <VAST version="4.2"><Ad><Wrapper><AdSystem>s</AdSystem><Impression>https://t.example/i/wrapper</Impression>
                <VASTAdTagURI>\(await server.url("/post"))</VASTAdTagURI></Wrapper></Ad></VAST>
                """))
            await server.serve("/post", .document("<VAST version=\"4.2\">\(Self.inline("p1", seconds: 15))</VAST>"))
            let vmap = try VMAPParser().parse("""
                <vmap:VMAP version="1.0">
                <vmap:AdBreak breakType="linear" breakId="post" timeOffset="end"><vmap:AdSource><vmap:AdTagURI templateType="vast4">\(await server.url("/wrapper"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">\(Self.inline("a1", seconds: 15))</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="mid" timeOffset="00:10:00.000"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/mid"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" timeOffset="50%"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/nothing"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="cue" timeOffset="#1"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/mid"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="display" breakId="banner" timeOffset="start"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/mid"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                </vmap:VMAP>
                """)
            let (opportunities, scheduleIssues) = VMAPSchedule.opportunities(in: vmap, contentDuration: MediaDuration(seconds: 1_800))
            #expect(opportunities.map(\.id) == ["post", "pre", "mid", "break-4"])
            #expect(opportunities.map(\.position) == [.postroll, .preroll, .content(ContentTime(seconds: 600)), .content(ContentTime(seconds: 900))])
            #expect(scheduleIssues.contains { $0.hasPrefix("break cue skipped: timeOffset") })
            #expect(scheduleIssues.contains { $0.hasPrefix("break banner skipped: only linear breaks") })
            let pods = VASTPodResolver(chain: chain)
            var results: [String: ResolvedBreaks] = [:]
            for opportunity in opportunities { results[opportunity.id] = try await pods.resolve(opportunity) }
            let result = ResolvedBreaks(breaks: ["pre", "mid", "post"].flatMap { results[$0]?.breaks ?? [] })
            #expect(result.breaks.map(\.id) == ["pre", "mid", "post"])
            #expect(result.breaks.map(\.position) == [.preroll, .midroll(ContentTime(seconds: 600)), .postroll])
            #expect(result.breaks[1].ads.map(\.id) == ["m1", "m2"])
            #expect(result.breaks[1].ads.map(\.duration) == [MediaDuration(seconds: 20), MediaDuration(seconds: 10)])
            let post = try #require(result.breaks.last?.ads.first)
            #expect(post.primaryAsset == AdAsset(role: .primary, uri: "https://cdn.example/p1.m3u8"))
            #expect(post.extraAssets == [AdAsset(role: .clickThrough, uri: "https://landing.example/p1"),
                                         AdAsset(role: .banner, uri: "https://cdn.example/p1.png")])
            #expect(post.tracking.filter { $0.event == "impression" }.map(\.uri) == ["https://t.example/i/p1", "https://t.example/i/wrapper"])
            #expect(post.tracking.contains(TrackingEvent(event: "complete", uri: "https://t.example/c/p1")))
            #expect(results["break-4"]?.breaks.isEmpty == true)
            #expect(results["break-4"]?.issues.first?.hasPrefix("VAST error 301") == true)
            // The result makes a timeline.
            _ = try AdTimeline(contentDuration: MediaDuration(seconds: 1_800), breaks: result.breaks)
        }
    }

    @Test func podResolver_fillsUpToTheDuration_andReportsWhatItDrops() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/pod", .document("""
                <VAST version="4.2">\(Self.inline("a", seconds: 15, sequence: 1))\(Self.inline("b", seconds: 30, sequence: 2))\(Self.inline("c", seconds: 10, sequence: 3))</VAST>
                """))
            let opportunity = AdOpportunity(id: "cue-7", position: .content(ContentTime(seconds: 300)), duration: MediaDuration(seconds: 30),
                                            signal: .schedule(.adTag(await server.url("/pod"))))
            let result = try await VASTPodResolver(chain: chain).resolve(opportunity)
            #expect(result.breaks.map(\.id) == ["cue-7"])
            #expect(result.breaks.first?.ads.map(\.id) == ["a", "c"])
            #expect(result.breaks.first?.duration == MediaDuration(seconds: 25))
            #expect(result.issues == ["ad b dropped: 30 s does not fit the 30 s left after 15 s"])
        }
    }

    /// The timeline ad keeps what the beacon tracker needs: the skip offset
    /// and a progress event's time in the ad, a percentage resolved.
    @Test func aVASTAd_keepsItsSkipOffsetAndProgressOffsets() async throws {
        let skippable = Self.inline("s", seconds: 20)
            .replacingOccurrences(of: "<Linear>", with: "<Linear skipoffset=\"25%\">")
            .replacingOccurrences(of: "<TrackingEvents>", with: "<TrackingEvents><Tracking event=\"progress\" offset=\"00:00:07.500\">https://t.example/p</Tracking>")
        let result = try await VASTPodResolver(chain: chain).resolve(
            AdOpportunity(id: "x", position: .preroll, signal: .schedule(.inlineVAST("<VAST version=\"4.2\">\(skippable)</VAST>"))))
        let ad = try #require(result.breaks.first?.ads.first)
        #expect(ad.skipOffset == MediaDuration(seconds: 5))
        #expect(ad.tracking.first { $0.event == "progress" }?.offset == (try MediaDuration(decimalSeconds: "7.5")))
        #expect(ad.tracking.first { $0.event == "complete" }?.offset == nil)
    }

    @Test func podResolver_dropsAnAdWithNoPlayableFile_andReportsIt403() async throws {
        try await LoopbackAdServer.with { server in
            let flash = Self.inline("f", seconds: 15).replacingOccurrences(of: "application/x-mpegURL", with: "video/x-flv")
            await server.serve("/pod", .document("<VAST version=\"4.2\">\(flash)</VAST>"))
            let result = try await VASTPodResolver(chain: chain).resolve(
                AdOpportunity(id: "x", position: .preroll, signal: .schedule(.adTag(await server.url("/pod")))))
            #expect(result.breaks.isEmpty)
            #expect(result.issues.first?.hasPrefix("ad f dropped: VAST error 403") == true)
            // Ad tracking sends it to the ad's Error URLs.
            let report = try #require(result.errorReports.first)
            #expect(result.errorReports.count == 1)
            #expect(report.breakID == "x" && report.adID == "f" && report.code == 403)
            #expect(report.urls == ["https://t.example/e/f?c=[ERRORCODE]"])
            #expect(report.message.hasPrefix("ad f: none of the media files is playable"))
        }
    }

    /// A resolution that outlives the registry's limit is cancelled; the
    /// opportunity comes to no break and content plays, at the limit in
    /// virtual time.
    @Test func registry_timesOut_cancelsTheResolver_andContentPlays() async throws {
        let clock = VirtualClock()
        let transport = InMemoryTransport()
        transport.route("/slow", .delayed(.seconds(5), on: clock, .document("<VAST version=\"4.2\">\(Self.inline("a", seconds: 15))</VAST>")))
        var chain = VASTChainResolver(client: HTTPClient(transport: transport, clock: clock), macroValues: { [:] })
        chain.reportsErrors = false
        let log = LogRecorder()
        let registry = ResolverRegistry([VASTPodResolver(chain: chain)], timeLimit: .milliseconds(300), clock: clock, logger: log.logger)
        let outcome = await clock.run(advancingBy: MediaDuration(microseconds: 10_000)) {
            await registry.resolve(AdOpportunity(id: "x", position: .preroll, signal: .schedule(.adTag("https://ads.example/slow"))))
        }
        #expect(clock.reading == ClockTime(microseconds: 300_000))
        guard case .timedOut(by: 0) = outcome else {
            Issue.record("expected a time-out by the pod resolver, got \(outcome)")
            return
        }
        // The time-out is logged as a warning, with the opportunity's id.
        let warnings = log.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1, "\(log.entries)")
        #expect(warnings.first?.message.contains("timed out") == true)
        #expect(warnings.first?.metadata["opportunity"] == "x")
        #expect(log.entries.contains { $0.level == .debug && $0.message == "resolving" && $0.metadata["opportunity"] == "x" })
    }

    @Test func registry_asksInOrder_andSaysWhenNoneTakesIt() async {
        let registry = ResolverRegistry([VASTPodResolver(chain: chain)], clock: VirtualClock())
        let marker = AdOpportunity(id: "m", position: .stream(StreamTime(seconds: 60)), signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil))
        guard case .unclaimed = await registry.resolve(marker) else {
            Issue.record("a marker has no resolver here")
            return
        }
        let inline = AdOpportunity(id: "v", position: .preroll, signal: .schedule(.inlineVAST("<VAST version=\"4.2\">\(Self.inline("a", seconds: 15))</VAST>")))
        guard case .resolved(let result, by: 0) = await registry.resolve(inline) else {
            Issue.record("the pod resolver takes inline VAST")
            return
        }
        #expect(result.breaks.map(\.id) == ["v"])
    }
}
