import AdPlaybackTestSupport
import AdPlaybackKit
import Benchmark
import Foundation

/// The IAB samples in the test fixtures (72 documents, VAST 1.0 to 4.2).
let fixtures = URL(fileURLWithPath: "../Tests/VASTTests/Fixtures/vast")

func samples() -> [(name: String, bytes: [UInt8])] {
    let enumerator = FileManager.default.enumerator(atPath: fixtures.path)
    var found: [(String, [UInt8])] = []
    while let name = enumerator?.nextObject() as? String {
        guard name.hasPrefix("iab-"), name.hasSuffix(".xml"),
              let data = FileManager.default.contents(atPath: fixtures.appendingPathComponent(name).path) else { continue }
        found.append((name, Array(data)))
    }
    return found.sorted { $0.0 < $1.0 }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    let all = samples()
    precondition(all.count == 72, "expected the 72 IAB samples under \(fixtures.path), found \(all.count)")
    let parser = VASTParser()

    // A typical inline document: one linear ad, three media files, six tracking events.
    for name in ["iab-4.2/Inline_Simple.xml", "iab-4.1/Inline_Linear_Tag-test.xml", "iab-4.2/Wrapper_Tag-test.xml"] {
        let bytes = all.first { $0.name == name }!.bytes
        Benchmark("VAST parse \(name) (\(bytes.count) bytes)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try parser.parse(bytes)) }
        }
    }

    // Five ads, three wrappers each, 20 ms per answer, over real HTTP on loopback:
    // three answers in a row when the ads resolve concurrently (60 ms), fifteen if not (300 ms).
    Benchmark("VAST resolve a 5-ad pod, 3 wrappers each, 20 ms per answer",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 60)) { benchmark in
        let (server, pod) = try await PodFixture.start()
        let resolver = VASTChainResolver(
            client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock()), macroValues: { [:] })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let resolution = await resolver.resolve(pod)
            precondition(resolution.ads.count == 5 && resolution.errors.isEmpty, "\(resolution.errors)")
            blackHole(resolution)
        }
        benchmark.stopMeasurement()
        await server.stop()
    }

    // Every sample once per iteration; divide by 72 for the mean per document.
    Benchmark("VAST parse all 72 IAB samples") { benchmark in
        for _ in benchmark.scaledIterations {
            for sample in all { blackHole(try? parser.parse(sample.bytes)) }
        }
    }
}
