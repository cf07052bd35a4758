import AdPlaybackTestSupport
import VirtualTime
import AdTransport
import Foundation
import MediaTime
import Testing
import VAST
import VASTResolution

private let host = "https://ads.example"

/// Time limits on wrapper chains, on a virtual clock: what a slow or silent
/// ad server costs is measured in virtual time, never on the wall clock.
@Suite struct WrapperTimeLimitTests {
    private let clock = VirtualClock()
    private let transport = InMemoryTransport()

    private func resolver(_ configure: (inout VASTChainResolver) -> Void = { _ in }) -> VASTChainResolver {
        var resolver = VASTChainResolver(client: HTTPClient(transport: transport, clock: clock), macroValues: { [:] })
        configure(&resolver)
        return resolver
    }

    private func resolve(_ resolver: VASTChainResolver, _ path: String) async -> VASTResolution {
        await clock.run(advancingBy: MediaDuration(microseconds: 10_000)) { await resolver.resolve(url: host + path) }
    }

    @Test func slowWrapper_isError301_atTheRequestTimeout_reportedToTheErrorURL() async {
        transport.route("/error", .response(status: 204, body: []))
        transport.route("/w1", .document(Documents.wrapper("w1", to: host + "/slow", errorURL: host + "/error?code=[ERRORCODE]")))
        transport.route("/slow", .delayed(.seconds(5), on: clock, .document(Documents.inline("ad"))))
        let resolution = await resolve(resolver { $0.requestTimeout = .milliseconds(300) }, "/w1")
        #expect(resolution.ads.isEmpty)
        #expect(resolution.errors.map(\.code) == [.wrapperTimeout])
        #expect(transport.requestedPaths == ["/w1", "/slow", "/error?code=301"])
        #expect(clock.reading >= ClockTime(microseconds: 300_000))
        #expect(clock.reading <= ClockTime(microseconds: 310_000))
    }

    /// A server that accepts the request and never answers, behind a fetch
    /// that ignores cancellation: the client's own limit ends it.
    @Test func silentServer_failsAtTheLimit_andItsLateAnswerIsNotWaitedFor() async {
        transport.route("/silent", .silenceIgnoringCancellation)
        let resolution = await resolve(resolver { $0.requestTimeout = .seconds(2) }, "/silent")
        #expect(resolution.errors.map(\.code) == [.wrapperTimeout])
        #expect(resolution.errors.first?.message == "no complete answer within 2 s")
        #expect(clock.reading <= ClockTime(microseconds: 2_010_000))
        transport.releaseSilences()
    }

    @Test func budget_boundsTheWholeChain() async {
        for index in 1...4 {
            transport.route("/w\(index)", .delayed(.milliseconds(150), on: clock,
                                                   .document(Documents.wrapper("w\(index)", to: host + "/w\(index + 1)"))))
        }
        transport.route("/w5", .delayed(.milliseconds(150), on: clock, .document(Documents.inline("ad"))))
        let resolution = await resolve(resolver { $0.budget = .milliseconds(400) }, "/w1")
        #expect(resolution.ads.isEmpty)
        #expect(resolution.errors.map(\.code) == [.wrapperTimeout])
        #expect(transport.requestedPaths == ["/w1", "/w2", "/w3"])
        #expect(clock.reading <= ClockTime(microseconds: 410_000))
    }
}
