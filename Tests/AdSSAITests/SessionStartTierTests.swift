import AdPlaybackTestSupport
import AdSSAI
import AdSimulation
import AdTransport
import Foundation
import MediaTime
import Logging
import Testing
import AdURLSession

/// Each tier and code of an SSAI session start, over HTTP on 127.0.0.1:
/// the playback URL and status of the table, and playback starts.
@Suite(.serialized) struct SessionStartTierTests {
    /// The fallback and origin the tests configure: the endpoint's stream
    /// without ads, told apart by their query.
    static func which(_ startup: SSAIStartup) -> String? { startup.playbackURL?.query }

    /// Starts a session against an endpoint with `faults`, on a virtual
    /// clock that is let run past the 10 s limit when the endpoint holds the
    /// start, then reads the playlist the startup plays: playback starts.
    private func start(faults: Set<SSAIScript.Fault> = [], analytics: Bool = true, fallback: Bool = true, origin: Bool = true,
                       endpoint: ((URL) -> String)? = nil) async throws -> (SSAIStartup, String) {
        var script = SSAIScript(segmentMilliseconds: 1_000, window: 10)
        script.faults = faults
        let clock = VirtualClock()
        var startup: SSAIStartup?
        var body = ""
        try await LoopbackSSAIEndpoint.with(script, reading: { clock.reading }) { server in
            let url = await server.sessionURL
            let plain = await server.originURL.absoluteString
            var configuration = SSAIConfiguration(
                endpoint: endpoint?(url) ?? url.absoluteString, fallbackURL: fallback ? plain + "?fallback" : nil, originURL: origin ? plain + "?origin" : nil)
            configuration.analytics = analytics
            configuration.adsParams = [.init("deviceType", "web")]
            let client = HTTPClient(transport: URLSessionTransport(), clock: clock)
            let task = Task { await SSAISessionStart.start(configuration, client: client) }
            while await server.heldCount == 0, !faults.isEmpty, faults.contains(.initStall) { await Task.yield() }
            if faults.contains(.initStall) {
                await clock.waitForSleepers(1)
                clock.advance(by: MediaDuration(seconds: 10))
            }
            let started = await task.value
            startup = started
            body = String(decoding: await server.lastStartBody, as: UTF8.self)
            if started.playbackURL != nil {
                let look = try await SSAIStream(startup: started, client: client).firstLook()
                #expect(look.streamDuration == MediaDuration(seconds: 10), "playback starts: the playlist it plays is read")
            }
        }
        return (try #require(startup), body)
    }

    @Test func success_playsTheSessionsManifest_withTrackingOn() async throws {
        let (startup, body) = try await start()
        #expect(startup.status == .initialised)
        #expect(startup.code == 0)
        #expect(startup.playbackURL?.path == "/v1/master/account/channel/session-1/index.m3u8", "relative to the endpoint")
        #expect(startup.trackingURL?.path == "/v1/tracking/account/channel/session-1")
        #expect(body == #"{"adsParams":{"deviceType":"web"},"manifestParams":{},"reportingMode":"client"}"#)
    }

    @Test func anAnswerWithoutATrackingURL_fallsBack_withoutAnalytics() async throws {
        let (startup, _) = try await start(faults: [.initWithoutTracking])
        #expect(startup.status == .noAnalytics)
        #expect(Self.which(startup) == "fallback")
        #expect(startup.trackingURL == nil)
        #expect(startup.reason.contains("trackingUrl"))
    }

    @Test func anAppThatAsksForNoAnalytics_playsTheFallback_withoutStartingASession() async throws {
        let (startup, body) = try await start(analytics: false)
        #expect(startup.status == .noAnalytics)
        #expect(startup.code == 0)
        #expect(Self.which(startup) == "fallback")
        #expect(body.isEmpty, "no session start was sent")
    }

    @Test(arguments: [
        (SSAIScript.Fault.initStatus(500), 500, "HTTP 500"),
        (.initStall, -2, "no complete answer within 10 s"),
        (.initNotJSON, -20, "not the expected JSON"),
    ])
    func aFailedStart_playsTheOrigin_withItsCode(fault: SSAIScript.Fault, code: Int, reason: String) async throws {
        let (startup, _) = try await start(faults: [fault])
        #expect(startup.status == .failed)
        #expect(startup.code == code)
        #expect(startup.reason.contains(reason), "\(startup.reason)")
        #expect(Self.which(startup) == "origin")
        #expect(startup.trackingURL == nil)
    }

    @Test func aRefusedConnection_fails_withCodeMinus1() async throws {
        var closed: URL?
        try await LoopbackSSAIEndpoint.with(SSAIScript(segmentMilliseconds: 1_000, window: 10), reading: { .zero }) { server in
            closed = await server.sessionURL
        }
        let endpoint = try #require(closed).absoluteString
        let (startup, _) = try await start(endpoint: { _ in endpoint })
        #expect(startup.status == .failed)
        #expect(startup.code == -1)
        #expect(Self.which(startup) == "origin")
    }

    @Test(arguments: ["not a url", "ftp://example.com/session", "http://"])
    func aMalformedEndpoint_fails_withCodeMinus3_andPlaysTheFallbackWhenThereIsNoOrigin(endpoint: String) async throws {
        let (startup, _) = try await start(origin: false, endpoint: { _ in endpoint })
        #expect(startup.status == .failed)
        #expect(startup.code == -3)
        #expect(Self.which(startup) == "fallback", "no origin: the fallback, status still failed")
    }

    @Test func aFailureWithNothingToPlay_hasNoPlaybackURL() async throws {
        let (startup, _) = try await start(faults: [.initStatus(503)], fallback: false, origin: false)
        #expect(startup.status == .failed)
        #expect(startup.playbackURL == nil)
    }

    /// A fallback tier is logged as a notice saying which tier plays and why,
    /// its URL's query redacted; nothing to play is an error.
    @Test func aFallbackTier_isLoggedAsANotice_andNothingToPlayAsAnError() async throws {
        let log = LogRecorder()
        let client = HTTPClient(transport: InMemoryTransport(), clock: VirtualClock())
        let fallback = SSAIConfiguration(endpoint: "not a url", fallbackURL: "https://cdn.example/plain.m3u8?token=secret")
        let startup = await SSAISessionStart.start(fallback, client: client, logger: log.logger)
        #expect(startup.status == .failed)
        let notice = try #require(log.entries.first { $0.level == .notice }, "\(log.entries)")
        #expect(notice.message.contains("fallback"))
        #expect(notice.metadata["status"] == "failed")
        #expect(notice.metadata["code"] == "-3")
        #expect(notice.metadata["playback"] == "https://cdn.example/plain.m3u8?…", "the token stays out of the log")

        let nothing = await SSAISessionStart.start(SSAIConfiguration(endpoint: "not a url"), client: client, logger: log.logger)
        #expect(nothing.playbackURL == nil)
        #expect(log.entries.last?.level == .error, "\(log.entries)")
    }
}
