import AdPlaybackKit
import Benchmark
import Foundation

/// A beacon as ad tracking hands it over: an identity, a URL with macros.
func beacon(_ n: Int, collector: String) -> Beacon {
    Beacon(
        id: BeaconID(session: "bench/1", breakID: "b\(n / 8)", adID: "a\(n)", tracking: "firstQuartile", occurrence: 1, slot: 0),
        template: "\(collector)/t/a\(n)/firstQuartile?cb=[CACHEBUSTING]&ts=[TIMESTAMP]&ph=[ADPLAYHEAD]&m=[AD_MT]",
        macros: ["ADPLAYHEAD": "00:00:07.500", "LIMITADTRACKING": "0", "BREAKPOSITION": "2", "PODSEQUENCE": "1"],
        clock: .zero, adPlayhead: MediaDuration(seconds: 7))
}

/// An outbox on a fresh journal on disk, sending to `collector`, with its sender running.
/// (The default configuration: 4 in flight.)
func outbox() throws -> (BeaconOutbox, Task<Void, Never>, String) {
    let directory = NSTemporaryDirectory() + "outbox-bench-" + UUID().uuidString
    let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
    let outbox = BeaconOutbox(journal: try BeaconJournal(directory: directory), client: client)
    return (outbox, Task { await outbox.run() }, directory)
}

/// The loopback collector: `Scripts/beacon_collector.py` in a process of
/// its own (python3), so the collector's work does not share this
/// process's threads; it keeps connections alive, as a beacon server does.
/// It ends when this process does (its standard input closes).
func startCollector() -> String {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/beacon_collector.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try! process.run()
    collectorInput = input
    var line: [UInt8] = []
    while let byte = try! output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
    return "http://127.0.0.1:\(String(decoding: line, as: UTF8.self))"
}

nonisolated(unsafe) var collectorInput: Pipe?

let benchmarks: @Sendable () -> Void = {
    let base = startCollector()

    // One enqueue: fill the macros, append the journal line (the sender,
    // running meanwhile, flushes and sends). Each run of the benchmark is
    // one enqueue, so the percentiles are per beacon.
    let shared = try! outbox()
    nonisolated(unsafe) var n = 0
    Benchmark(
        "outbox enqueue, journal on disk, sender running",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 20_000)
    ) { benchmark in
        n += 1
        let next = beacon(n, collector: base)
        benchmark.startMeasurement()
        let taken = try shared.0.enqueue(next)
        benchmark.stopMeasurement()
        blackHole(taken)
    }

    // 3,000 beacons at 1,000 a second (one every millisecond) to the
    // loopback collector: the run takes 3 s if the outbox keeps up, and
    // the backlog when the last is taken is what it did not.
    Benchmark(
        "outbox at 1,000 beacons/s for 3 s to a loopback collector, then drained",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 3)
    ) { benchmark in
        let (outbox, sender, directory) = try outbox()
        let clock = ContinuousClock()
        let start = clock.now
        for n in 0..<3_000 {
            try await clock.sleep(until: start + .milliseconds(n))
            try outbox.enqueue(beacon(n, collector: base))
        }
        let backlog = outbox.pendingCount
        let summary = await outbox.flush(timeout: .seconds(30))
        benchmark.stopMeasurement()
        print("1,000/s: backlog \(backlog) when the last beacon was taken; \(summary)")
        precondition(summary.pending == 0 && summary.dropped == 0)
        sender.cancel()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
