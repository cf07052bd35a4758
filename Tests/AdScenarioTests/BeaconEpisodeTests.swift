import AdOutbox
import AdPlaybackTestSupport
import AdResolvers
import AdScenario
import AdTransport
import Foundation
import Testing
import VAST
import VASTResolution
import AdURLSession

/// A VMAP episode played with ad tracking, end to end: the VMAP and VAST
/// from a loopback ad server, the beacons to a loopback collector through
/// a real outbox on disk. Pre-roll of two ads (through a wrapper), two
/// mid-rolls, a post-roll; the viewer seeks over both mid-rolls (snapback
/// plays the second), rewinds (nothing plays), and plays to the end.
@Suite(.serialized) struct BeaconEpisodeTests {
    func play(collector: LoopbackBeaconCollector, configuration: OutboxConfiguration) async throws -> (ScenarioRun, FlushSummary, [String: Int]) {
        let directory = NSTemporaryDirectory() + "episode-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var result: (ScenarioRun, FlushSummary, [String: Int])?
        try await LoopbackAdServer.with { server in
            let vmapText = await BeaconEpisode.serve(on: server, collector: await collector.url(""))
            let vmap = try VMAPParser().parse(Array(vmapText.utf8))
            let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
            var chain = VASTChainResolver(client: client, macroValues: { [:] })
            chain.reportsErrors = false
            let outbox = BeaconOutbox(journal: try BeaconJournal(directory: directory), client: client, configuration: configuration)
            let sender = Task { await outbox.run() }
            let scenario = try Scenario.decode(json: Array(BeaconEpisode.scenario(vmap: "episode.xml").utf8), vmap: vmap)
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
        #expect(received == BeaconEpisode.expected)
        #expect(run.beacons.count == BeaconEpisode.expected.values.reduce(0, +))
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
        #expect(received == BeaconEpisode.expected)
        let requests = await collector.requestCount
        #expect(requests > BeaconEpisode.expected.values.reduce(0, +), "some requests were refused and retried")
        #expect(await collector.mostAtOnce <= 4)
    }
}
