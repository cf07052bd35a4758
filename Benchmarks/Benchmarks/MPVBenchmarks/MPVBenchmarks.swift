import AdPlayerMPV
import AdScenario
import Benchmark
import Foundation

// What the adapter and the runtime cost while mpv plays: the CPU time of
// this process (mpv's own decoding runs in mpv's process and is excluded)
// over the wall time of a scenario played on a real mpv. Needs mpv, ffmpeg
// and python3 (its http.server serves the media on loopback, outside this
// process).
let benchmarks: @Sendable () -> Void = {
    let share = BenchmarkMetric.custom("CPU, hundredths of a percent of one core", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.cpuTotal, .wallClock, share], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3,
        teardown: { try? MediaOrigin.shared.get().stop() })

    Benchmark("mpv plays a 4 s pre-roll and 12 s of content: adapter and runtime CPU", configuration: configuration) { benchmark in
        let origin = try MediaOrigin.shared.get()
        let scenario = try Scenario.decode(json: Array("""
            {"stream": {"type": "vod", "contentDuration": 12, "url": "\(origin.base)/content.m3u8"},
             "breaks": [{"id": "pre", "at": 0, "insertion": "inserted", "ads": [{"id": "a1", "duration": 4, "asset": "\(origin.base)/ad.m3u8"}]}],
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """.utf8))
        let mpv = try MPVPlayer(mainURL: origin.base + "/content.m3u8")
        let player = RealPlayer(adapter: mpv, connect: { mpv.reporter = $0 }) { nil }
        let cpuBefore = processCPUTime()
        let wallBefore = ContinuousClock.now
        benchmark.startMeasurement()
        let run = try await scenario.runInRealTime(on: player, resolvers: [])
        benchmark.stopMeasurement()
        let cpu = processCPUTime() - cpuBefore
        let wall = ContinuousClock.now - wallBefore
        mpv.stop()
        guard run.events.last?.name == "sessionEnd" else { throw MediaOrigin.Failure("the session did not end: \(run.events)") }
        benchmark.measurement(share, Int((cpu / wall * 10_000).rounded()))
    }
}

/// This process's CPU time, user and system, all threads.
func processCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// Test media made with ffmpeg, served by python3's http.server on
/// loopback, once per benchmark run.
final class MediaOrigin: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let base: String
    private let server: Process

    static let shared = Result { try MediaOrigin() }

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, seconds, frequency) in [("content", 12, 440), ("ad", 4, 880)] {
            try Self.run("ffmpeg", in: directory, [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100", "-t", "\(seconds)",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
                "-c:a", "aac", "-b:a", "64k", "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
                "-hls_segment_filename", "\(name)%03d.ts", "\(name).m3u8",
            ])
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"]
        server.currentDirectoryURL = directory
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = line.split(separator: " ").firstIndex(of: "port").map({ line.split(separator: " ")[$0 + 1] }) else {
            server.terminate()
            throw Failure("python3 http.server did not say its port: \(line)")
        }
        base = "http://127.0.0.1:\(port)"
        self.server = server
    }

    func stop() {
        server.terminate()
        server.waitUntilExit()
    }

    private static func run(_ tool: String, in directory: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("\(tool) failed") }
    }
}
