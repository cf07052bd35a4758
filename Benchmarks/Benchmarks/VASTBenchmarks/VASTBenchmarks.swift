import Benchmark
import Foundation
import VAST

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

    // Every sample once per iteration; divide by 72 for the mean per document.
    Benchmark("VAST parse all 72 IAB samples") { benchmark in
        for _ in benchmark.scaledIterations {
            for sample in all { blackHole(try? parser.parse(sample.bytes)) }
        }
    }
}
