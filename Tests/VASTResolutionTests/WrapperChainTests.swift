import AdPlaybackTestSupport
import AdTransport
import Foundation
import Testing
import VAST
import VASTResolution
import AdURLSession

/// Wrapper chains resolved against a real HTTP server on loopback.
@Suite(.serialized) struct WrapperChainTests {
    private func resolver(_ configure: (inout VASTChainResolver) -> Void = { _ in }) -> VASTChainResolver {
        let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
        var resolver = VASTChainResolver(client: client, macroValues: { ["TIMESTAMP": "2026-11-21T00:00:00.000Z", "CACHEBUSTING": "12345678"] })
        resolver.requestTimeout = .seconds(3)
        configure(&resolver)
        return resolver
    }

    @Test func threeDeepChain_mergesTheTrackingOfEveryWrapper() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/w2"))))
            await server.serve("/w2", .document(Documents.wrapper("w2", to: await server.url("/w3"))))
            await server.serve("/w3", .document(Documents.wrapper("w3", to: await server.url("/inline"))))
            await server.serve("/inline", .document(Documents.inline("ad")))
            let resolution = await resolver().resolve(url: await server.url("/w1"))
            #expect(resolution.errors.isEmpty, "\(resolution.errors)")
            #expect(resolution.chain == [await server.url("/w1"), await server.url("/w2"), await server.url("/w3"), await server.url("/inline")])
            let resolved = try #require(resolution.ads.first)
            #expect(resolution.ads.count == 1)
            #expect(resolved.wrapperURLs == [await server.url("/w2"), await server.url("/w3"), await server.url("/inline")])
            let common = resolved.ad.common
            #expect(Set(common.impressions.map(\.url)) == Set(["ad", "w1", "w2", "w3"].map { "https://t.example/impression/\($0)" }))
            let linear = try #require(common.creatives.compactMap(\.linear).first)
            #expect(Set(linear.trackingEvents.filter { $0.event == "start" }.map(\.url))
                == Set(["ad", "w1", "w2", "w3"].map { "https://t.example/start/\($0)" }))
            #expect(Set(linear.videoClicks?.clickTracking.map(\.url) ?? [])
                == Set(["w1", "w2", "w3"].map { "https://t.example/click/\($0)" }))
            #expect(linear.videoClicks?.clickThrough?.url == "https://landing.example/ad")
            #expect(linear.mediaFiles.first?.url == "https://cdn.example/ad.mp4")
        }
    }

    @Test func depthLimit_isError302_reportedToTheErrorURLWithTheMacroFilled() async throws {
        try await LoopbackAdServer.with { server in
            let error = await server.url("/error?code=[ERRORCODE]&t=[TIMESTAMP]&cb=[CACHEBUSTING]")
            await server.serve("/error", .status(204))
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/w2"), errorURL: error)))
            await server.serve("/w2", .document(Documents.wrapper("w2", to: await server.url("/w3"))))
            await server.serve("/w3", .document(Documents.wrapper("w3", to: await server.url("/inline"))))
            await server.serve("/inline", .document(Documents.inline("ad")))
            let resolution = await resolver { $0.maxDepth = 2 }.resolve(url: await server.url("/w1"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.wrapperLimit])
            #expect(await server.requests(to: "/inline").isEmpty)
            // The server records the query decoded.
            #expect(await server.requests(to: "/error") == ["/error?code=302&t=2026-11-21T00:00:00.000Z&cb=12345678"])
            #expect(resolution.errorReports == [await server.url("/error?code=302&t=2026-11-21T00%3A00%3A00.000Z&cb=12345678")])
        }
    }

    /// The report ad tracking sends in a silent resolver's place: the
    /// failure, the wrapper's id, and the Error URL of every wrapper on the
    /// way, macros unexpanded.
    @Test func aFailureDeepInTheChain_isReportedWithEveryWrappersErrorURL() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/w2"), errorURL: "https://t.example/e/w1?c=[ERRORCODE]")))
            await server.serve("/w2", .document(Documents.wrapper("w2", to: await server.url("/missing"), errorURL: "https://t.example/e/w2")))
            let resolution = await resolver { $0.reportsErrors = false }.resolve(url: await server.url("/w1"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errorReports.isEmpty)
            let report = try #require(resolution.reports.first)
            #expect(resolution.reports.count == 1)
            #expect(report.code == VASTErrorCode.wrapperTimeout.rawValue)
            #expect(report.adID == "w2")
            #expect(report.urls == ["https://t.example/e/w1?c=[ERRORCODE]", "https://t.example/e/w2"])
            #expect(resolution.wouldSend == ["https://t.example/e/w1?c=301", "https://t.example/e/w2"])
        }
    }

    @Test func loop_isCaught_andNothingIsFetchedTwice() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/a", .document(Documents.wrapper("a", to: await server.url("/b"))))
            await server.serve("/b", .document(Documents.wrapper("b", to: await server.url("/a"))))
            let resolution = await resolver().resolve(url: await server.url("/a"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.wrapper])
            #expect(resolution.errors.first?.message.contains("loop") == true)
            #expect(await server.requests == ["/a", "/b"])
        }
    }

    @Test func hugeBody_isCutOffAtTheLimit() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/huge"))))
            await server.serve("/huge", .large(bytes: 50 << 20))
            let resolution = await resolver().resolve(url: await server.url("/w1"))
            #expect(resolution.errors.map(\.code) == [.wrapper])
            #expect(resolution.errors.first?.message.contains("limit") == true)
        }
    }

    @Test func endlessBody_endsAtALimit() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/endless", .endlessBody)
            let resolution = await resolver { $0.requestTimeout = .milliseconds(500) }.resolve(url: await server.url("/endless"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.count == 1)
        }
    }

    @Test func entityBomb_isRefusedAsError100() async throws {
        try await LoopbackAdServer.with { server in
            let bomb = """
                <?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
                <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><VAST version="4.2">&c;</VAST>
                """
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/bomb"))))
            await server.serve("/bomb", .document(bomb))
            let resolution = await resolver().resolve(url: await server.url("/w1"))
            #expect(resolution.errors.map(\.code) == [.xmlParsing])
        }
    }

    @Test(arguments: ["file:///etc/passwd", "myapp://ads/vast.xml", "ftp://example.com/vast.xml"])
    func nonHTTPTagURI_isNeverFetched(_ uri: String) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: uri)))
            let resolution = await resolver().resolve(url: await server.url("/w1"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.wrapper])
            #expect(resolution.chain == [await server.url("/w1")])
        }
    }

    @Test func redirects_areFollowed_butNotToOtherSchemes() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/moved", .redirect(to: await server.url("/inline")))
            await server.serve("/inline", .document(Documents.inline("ad")))
            await server.serve("/sneaky", .redirect(to: "file:///etc/passwd"))
            #expect(await resolver().resolve(url: await server.url("/moved")).ads.count == 1)
            let refused = await resolver().resolve(url: await server.url("/sneaky"))
            #expect(refused.ads.isEmpty)
            #expect(refused.errors.count == 1)
        }
    }

    @Test(arguments: [LoopbackAdServer.Behavior.status(404), .status(500), .reset])
    func failingServer_isError301(_ behavior: LoopbackAdServer.Behavior) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/w1", .document(Documents.wrapper("w1", to: await server.url("/broken"))))
            await server.serve("/broken", behavior)
            let resolution = await resolver().resolve(url: await server.url("/w1"))
            #expect(resolution.ads.isEmpty)
            #expect(resolution.errors.map(\.code) == [.wrapperTimeout], "\(resolution.errors)")
        }
    }
}
