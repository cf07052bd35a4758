@testable import AdCurl
import AdPlaybackTestSupport
import AdTransport
import AdURLSession
import Foundation
import Testing

/// What every HTTPTransport must do (HTTPTransport's contract), checked
/// against a real server on 127.0.0.1 for both transports the package
/// ships: URLSession, the apps' default, and libcurl loaded on demand,
/// adplay's on Linux.
@Suite struct TransportContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case urlSession, curl
        var testDescription: String { rawValue }
        func make() -> any HTTPTransport {
            switch self {
            case .urlSession: URLSessionTransport()
            case .curl: CurlTransport()
            }
        }
    }

    private static func fetch(_ kind: Kind, _ url: String, limits: TransportLimits = TransportLimits()) async -> Result<HTTPResponse, TransportError> {
        do {
            return .success(try await kind.make().perform(HTTPRequest(url: URL(string: url)!), limits: limits))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: Kind.allCases)
    func aDocument_arrivesWhole_withItsHeaders(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/vast.xml", .document("<VAST version=\"4.2\"/>", contentType: "application/xml"))
            let response = try await Self.fetch(kind, await server.url("/vast.xml")).get()
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "<VAST version=\"4.2\"/>")
            #expect(response.header("content-type") == "application/xml")
            #expect(response.url.absoluteString == (await server.url("/vast.xml")))
        }
    }

    @Test(arguments: Kind.allCases)
    func anErrorStatus_isAnAnswer_notAFailure(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/gone", .status(404))
            let response = try await Self.fetch(kind, await server.url("/gone")).get()
            #expect(response.status == 404)
        }
    }

    @Test(arguments: Kind.allCases)
    func aBodyPastTheLimit_failsAsTooLarge(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/big", .large(bytes: 300_000))
            await server.serve("/endless", .endlessBody)
            await server.serve("/fits", .large(bytes: 100_000))
            let limits = TransportLimits(maxBodyBytes: 200_000)
            for path in ["/big", "/endless"] {
                guard case .failure(let error) = await Self.fetch(kind, await server.url(path), limits: limits) else {
                    Issue.record("\(path) was accepted")
                    continue
                }
                #expect(error.kind == .tooLarge, "\(path): \(error)")
            }
            let fits = try await Self.fetch(kind, await server.url("/fits"), limits: limits).get()
            #expect(fits.body.count == 100_000)
        }
    }

    @Test(arguments: Kind.allCases)
    func redirects_areFollowed_toHTTPOnly_andOnlySoMany(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/moved", .redirect(to: await server.url("/here")))
            await server.serve("/here", .document("here"))
            await server.serve("/sneaky", .redirect(to: "file:///etc/passwd"))
            await server.serve("/loop", .redirect(to: await server.url("/loop")))
            let moved = try await Self.fetch(kind, await server.url("/moved")).get()
            #expect(String(decoding: moved.body, as: UTF8.self) == "here")
            #expect(moved.url.absoluteString == (await server.url("/here")))
            // Never the file. libcurl refuses the redirect; FoundationNetworking's URLSession on
            // Linux keeps the scheme and host and asks this server for /etc/passwd (a 404).
            switch await Self.fetch(kind, await server.url("/sneaky")) {
            case .failure(let error):
                #expect(error.kind == .scheme, "\(error)")
            case .success(let answer):
                #expect(kind == .urlSession && answer.status == 404 && answer.url.scheme == "http", "\(answer.url) answered \(answer.status)")
            }
            guard case .failure(let loop) = await Self.fetch(kind, await server.url("/loop"), limits: TransportLimits(maxRedirects: 3)) else {
                Issue.record("an endless redirect ended")
                return
            }
            #expect(loop.kind == .connection, "\(loop)")
            #expect(await server.requests(to: "/loop").count == 4)
        }
    }

    /// Not the contract (``HTTPClient`` bounds every request on its own clock), but libcurl's
    /// transport also ends a request at its limit by itself.
    @Test func aSlowAnswer_timesOut_onCurlsOwnBound() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/slow", .document("late"), latency: .seconds(5))
            let result = await Self.fetch(.curl, await server.url("/slow"), limits: TransportLimits(timeout: .milliseconds(200)))
            guard case .failure(let error) = result else {
                Issue.record("a 5 s answer arrived within 200 ms")
                return
            }
            #expect(error.kind == .timeout, "\(error)")
        }
    }

    @Test(arguments: Kind.allCases)
    func aCutConnection_failsAsConnection(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/cut", .reset)
            guard case .failure(let error) = await Self.fetch(kind, await server.url("/cut")) else {
                Issue.record("a body cut short was accepted")
                return
            }
            #expect(error.kind == .connection, "\(error)")
        }
    }

    @Test(arguments: Kind.allCases)
    func nothingListening_failsAsConnection(_ kind: Kind) async throws {
        // A port that was just free: bound, then closed.
        let server = LoopbackAdServer()
        try await server.start()
        let url = await server.url("/x")
        await server.stop()
        guard case .failure(let error) = await Self.fetch(kind, url) else {
            Issue.record("a closed port answered")
            return
        }
        #expect(error.kind == .connection, "\(error)")
    }

    @Test(arguments: Kind.allCases)
    func cancelling_endsTheRequest_withoutWaitingForTheAnswer(_ kind: Kind) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/slow", .document("late"), latency: .seconds(30))
            let url = await server.url("/slow")
            let task = Task { await Self.fetch(kind, url, limits: TransportLimits(timeout: .seconds(60))) }
            while await server.requests(to: "/slow").isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            task.cancel()
            guard case .failure(let error) = await task.value else {
                Issue.record("a cancelled request answered")
                return
            }
            #expect(error.kind == .cancelled, "\(error)")
        }
    }

    /// The caller is answered at once; the transfer itself must stop too, at libcurl's next
    /// progress call, rather than run on until the server answers 30 s later.
    @Test func aCancelledCurlTransfer_stops_beforeTheServerAnswers() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/slow", .document("late"), latency: .seconds(30))
            let url = await server.url("/slow")
            let transport = CurlTransport()
            let task = Task { () -> TransportError? in
                do {
                    _ = try await transport.perform(HTTPRequest(url: URL(string: url)!), limits: TransportLimits(timeout: .seconds(60)))
                    return nil
                } catch let error as TransportError {
                    return error
                } catch {
                    return nil
                }
            }
            while await server.requests(to: "/slow").isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            #expect(transport.running.current == 1)
            task.cancel()
            #expect(await task.value?.kind == .cancelled)
            var waited = 0
            while transport.running.current > 0, waited < 400 {
                try await Task.sleep(for: .milliseconds(50))
                waited += 1
            }
            #expect(transport.running.current == 0, "the cancelled transfer still runs")
            #expect(await server.answers(to: "/slow").isEmpty, "the server answered first")
        }
    }

    @Test func onlyHTTPAndHTTPS_areSent() async throws {
        for url in ["file:///etc/passwd", "ftp://example.com/vast.xml"] {
            guard case .failure(let error) = await Self.fetch(.curl, url) else {
                Issue.record("\(url) was fetched")
                continue
            }
            #expect(error.kind == .scheme)
        }
    }
}
