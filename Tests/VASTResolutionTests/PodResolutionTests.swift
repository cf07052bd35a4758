import AdPlaybackTestSupport
import AdTransport
import Foundation
import Testing
import VAST
import VASTResolution
import AdURLSession

/// Pods resolved against a real HTTP server on loopback.
@Suite(.serialized) struct PodResolutionTests {
    private let resolver: VASTChainResolver = {
        var resolver = VASTChainResolver(client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock()), macroValues: { [:] })
        // These tests are about order and concurrency, not time: a budget far
        // above the default keeps a loaded machine (the whole suite runs in
        // parallel) from turning them into timing tests.
        resolver.budget = .seconds(120)
        resolver.requestTimeout = .seconds(60)
        return resolver
    }()

    /// Five ads behind three wrappers each, every answer 200 ms late: the
    /// server sees all five ads' requests at once. (How long it takes is the
    /// benchmark's business.)
    @Test func podOfFiveBehindThreeWrappers_resolvesConcurrently_inPodOrder() async throws {
        try await LoopbackAdServer.with { server in
            var ads: [String] = []
            for ad in 1...5 {
                for level in 1...3 {
                    let next = level == 3 ? "/ad\(ad)/inline" : "/ad\(ad)/w\(level + 1)"
                    await server.serve("/ad\(ad)/w\(level)", .document(Documents.wrapper("ad\(ad)w\(level)", to: await server.url(next))),
                                       latency: .milliseconds(200))
                }
                await server.serve("/ad\(ad)/inline", .document(Documents.inline("ad\(ad)")), latency: .milliseconds(200))
                ads.append(Documents.wrapper("pod\(ad)", to: await server.url("/ad\(ad)/w1"), sequence: 6 - ad))
            }
            await server.serve("/pod", .document(Documents.pod(ads)))
            let resolution = await resolver.resolve(url: await server.url("/pod"))
            #expect(resolution.errors.isEmpty, "\(resolution.errors)")
            #expect(resolution.ads.map { $0.ad.id } == ["ad5", "ad4", "ad3", "ad2", "ad1"])
            #expect(resolution.chain.count == 1 + 5 * 4)
            #expect(await server.mostAtOnce == 5)
        }
    }

    @Test func podAdWithNoAds_isError303_andReplacedFromTheBuffet() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/empty", .document(Documents.empty.replacingOccurrences(of: "ERRORURL", with: await server.url("/error?e=[ERRORCODE]"))))
            await server.serve("/error", .status(204))
            await server.serve("/inline2", .document(Documents.inline("second")))
            let pod = Documents.pod([
                Documents.wrapper("first", to: await server.url("/empty"), sequence: 1),
                Documents.wrapper("second", to: await server.url("/inline2"), sequence: 2),
            ], standalone: [Documents.inline("spare")])
            await server.serve("/pod", .document(pod))
            let resolution = await resolver.resolve(url: await server.url("/pod"))
            #expect(resolution.ads.map { $0.ad.id } == ["spare", "second"])
            #expect(resolution.errors.map(\.code) == [.noAdsAfterWrapper])
            #expect(await server.requests(to: "/error") == ["/error?e=303"])
        }
    }

    @Test func fallbackOnNoAdFalse_leavesTheSlotEmpty() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/empty", .document(Documents.empty))
            let pod = Documents.pod([
                Documents.wrapper("first", to: await server.url("/empty"), sequence: 1, attributes: "fallbackOnNoAd=\"false\""),
                Documents.inline("second", sequence: 2),
            ], standalone: [Documents.inline("spare")])
            await server.serve("/pod", .document(pod))
            let resolution = await resolver.resolve(url: await server.url("/pod"))
            #expect(resolution.ads.map { $0.ad.id } == ["second"])
        }
    }

    @Test func noAdsAtAll_isError303_reportedToTheRootErrorURL() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/error", .status(204))
            await server.serve("/none", .document(Documents.empty.replacingOccurrences(of: "ERRORURL", with: await server.url("/error?e=[ERRORCODE]"))))
            let resolution = await resolver.resolve(url: await server.url("/none"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.noAdsAfterWrapper])
            #expect(await server.requests(to: "/error") == ["/error?e=303"])
        }
    }

    @Test func followAdditionalWrappersFalse_refusesASecondWrapper() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/w2"), attributes: "followAdditionalWrappers=\"false\"")))
            await server.serve("/w2", .document(Documents.wrapper("w2", to: await server.url("/inline"))))
            await server.serve("/inline", .document(Documents.inline("ad")))
            let resolution = await resolver.resolve(url: await server.url("/w1"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.wrapper])
            #expect(await server.requests(to: "/inline").isEmpty)
        }
    }

    @Test func allowMultipleAds_letsAWrapperAnswerWithAPod() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/pod", .document(Documents.pod([Documents.inline("a", sequence: 1), Documents.inline("b", sequence: 2)])))
            await server.serve("/many", .document(Documents.wrapper("w", to: await server.url("/pod"), attributes: "allowMultipleAds=\"true\"")))
            await server.serve("/one", .document(Documents.wrapper("w", to: await server.url("/pod"))))
            #expect(await resolver.resolve(url: await server.url("/many")).ads.map { $0.ad.id } == ["a", "b"])
            #expect(await resolver.resolve(url: await server.url("/one")).ads.map { $0.ad.id } == ["a"])
        }
    }
}
