import AdOutbox
import AdPlaybackTestSupport
import AdResolvers
import AdScenario
import AdStorage
import AdTransport
import Foundation
import Testing
import VAST
import VASTResolution

/// A VMAP episode played with ad tracking, end to end: the VMAP and VAST
/// from a loopback ad server, the beacons to a loopback collector through
/// a real outbox on disk. Pre-roll of two ads (through a wrapper), two
/// mid-rolls, a post-roll; the viewer seeks over both mid-rolls (snapback
/// plays the second), rewinds (nothing plays), and plays to the end.
@Suite(.serialized) struct BeaconEpisodeTests {
    static let events = ["impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
                         "progress", "pause", "resume", "skip", "mute", "notUsed"]

    /// An inline ad whose every tracking URL names the ad and the event.
    static func inline(_ id: String, sequence: Int? = nil, collector: String) -> String {
        let tracking = events.filter { $0 != "impression" }.map { event in
            let offset = event == "progress" ? #" offset="00:00:05""# : ""
            return #"<Tracking event="\#(event)"\#(offset)><![CDATA[\#(collector)/t/\#(id)/\#(event)?cb=[CACHEBUSTING]&ph=[ADPLAYHEAD]&v=[VIEWABILITY]]]></Tracking>"#
        }.joined()
        return """
            <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem><AdTitle>\(id)</AdTitle>
            <Impression><![CDATA[\(collector)/t/\(id)/impression?cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Impression>
            <Error><![CDATA[\(collector)/t/\(id)/error?code=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><TrackingEvents>\(tracking)</TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/\(id).mp4</MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad>
            """
    }

    static func vast(_ ads: String) -> String { #"<VAST version="4.2">\#(ads)</VAST>"# }

    /// Serves the episode's VMAP and VAST; returns the VMAP.
    static func serveEpisode(on server: LoopbackAdServer, collector: String) async throws -> VMAPDocument {
        await server.serve("/pre-pod", .document(vast(inline("pre-a1", sequence: 1, collector: collector) + inline("pre-a2", sequence: 2, collector: collector))))
        await server.serve("/pre", .document(vast("""
            <Ad id="pre-w"><Wrapper allowMultipleAds="true"><AdSystem>w</AdSystem><VASTAdTagURI><![CDATA[\(await server.url("/pre-pod"))]]></VASTAdTagURI>
            <Impression><![CDATA[\(collector)/t/pre-wrapper/impression]]></Impression>
            <Creatives><Creative><Linear><TrackingEvents><Tracking event="complete"><![CDATA[\(collector)/t/pre-wrapper/complete]]></Tracking></TrackingEvents></Linear></Creative></Creatives>
            </Wrapper></Ad>
            """)))
        for id in ["mid1", "mid2", "post"] { await server.serve("/\(id)", .document(vast(inline("\(id)-a1", collector: collector)))) }
        func adBreak(_ id: String, _ offset: String) async -> String {
            """
            <vmap:AdBreak breakType="linear" breakId="\(id)" timeOffset="\(offset)"><vmap:AdSource>\
            <vmap:AdTagURI><![CDATA[\(await server.url("/\(id)"))]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
            """
        }
        let vmap = "<vmap:VMAP version=\"1.0\">" + (await adBreak("pre", "start")) + (await adBreak("mid1", "00:03:20"))
            + (await adBreak("mid2", "00:06:40")) + (await adBreak("post", "end")) + "</vmap:VMAP>"
        return try VMAPParser().parse(Array(vmap.utf8))
    }

    static let scenario = """
        {"stream": {"type": "vod", "contentDuration": 600}, "vmap": "episode.xml", "policy": {"preset": "snapback"},
         "actions": [{"do": "start"}, {"do": "play", "for": 60}, {"do": "seek", "to": {"content": 450}}, {"do": "play", "for": 30},
                     {"do": "rewind", "to": {"content": 100}}, {"do": "playToEnd"}]}
        """

    /// What the collector must receive, by path: each ad played through
    /// fires its impression, creativeView, start, progress, quartiles and
    /// complete; the wrapper's impression and complete go with each pod ad.
    static var expected: [String: Int] {
        var counts: [String: Int] = [:]
        for ad in ["pre-a1", "pre-a2", "mid2-a1", "mid1-a1", "post-a1"] {
            for event in ["impression", "creativeView", "start", "progress", "firstQuartile", "midpoint", "thirdQuartile", "complete"] {
                counts["/t/\(ad)/\(event)"] = 1
            }
        }
        counts["/t/pre-wrapper/impression"] = 2
        counts["/t/pre-wrapper/complete"] = 2
        return counts
    }

    func play(collector: LoopbackBeaconCollector, configuration: OutboxConfiguration) async throws -> (ScenarioRun, FlushSummary, [String: Int]) {
        let directory = NSTemporaryDirectory() + "episode-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var result: (ScenarioRun, FlushSummary, [String: Int])?
        try await LoopbackAdServer.with { server in
            let vmap = try await Self.serveEpisode(on: server, collector: await collector.url(""))
            let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
            var chain = VASTChainResolver(client: client, macroValues: { [:] })
            chain.reportsErrors = false
            let outbox = BeaconOutbox(journal: try BeaconJournal(directory: directory), client: client, configuration: configuration)
            let sender = Task { await outbox.run() }
            let scenario = try Scenario.decode(json: Array(Self.scenario.utf8), vmap: vmap)
            let run = try await scenario.run(resolvers: [VASTPodResolver(chain: chain)], clock: ContinuousClock(), beacons: outbox)
            let summary = await outbox.flush(timeout: .seconds(60))
            sender.cancel()
            await sender.value
            let paths = await collector.received.map { String($0.prefix { $0 != "?" }) }
            result = (run, summary, paths.reduce(into: [:]) { $0[$1, default: 0] += 1 })
        }
        return try #require(result)
    }

    @Test func theCollectorReceivesExactlyTheExpectedSet_onceEach() async throws {
        let collector = LoopbackBeaconCollector()
        try await collector.start()
        defer { Task { await collector.stop() } }
        let (run, summary, received) = try await play(collector: collector, configuration: OutboxConfiguration())
        #expect(run.issues.isEmpty, "\(run.issues)")
        #expect(summary == FlushSummary(sent: summary.sent, dropped: 0, pending: 0, lastErrors: []))
        #expect(received == Self.expected)
        #expect(run.beacons.count == Self.expected.values.reduce(0, +))
        // Macros filled on the wire: eight digits of cache-busting, the ad playhead, unknown names as written.
        let queries = await collector.received.filter { $0.hasPrefix("/t/mid2-a1/midpoint?") }
        #expect(queries.count == 1)
        #expect(queries.first?.range(of: #"^/t/mid2-a1/midpoint\?cb=[0-9]{8}&ph=00:00:05\.000&v=\[VIEWABILITY\]$"#, options: .regularExpression) != nil,
                "\(queries)")
        #expect(await collector.mostAtOnce <= 4)
    }

    @Test func aCollectorThatFails30PercentAndIsSlow_stillGetsEveryBeacon_atMostOnce() async throws {
        let collector = LoopbackBeaconCollector(failureRate: 0.3, latency: .milliseconds(40), seed: 17)
        try await collector.start()
        defer { Task { await collector.stop() } }
        var configuration = OutboxConfiguration()
        configuration.firstRetry = .milliseconds(50)
        configuration.maxRetryInterval = .milliseconds(400)
        let (_, summary, received) = try await play(collector: collector, configuration: configuration)
        #expect(summary.pending == 0 && summary.dropped == 0)
        #expect(received == Self.expected)
        let requests = await collector.requestCount
        #expect(requests > Self.expected.values.reduce(0, +), "some requests were refused and retried")
        #expect(await collector.mostAtOnce <= 4)
    }
}
