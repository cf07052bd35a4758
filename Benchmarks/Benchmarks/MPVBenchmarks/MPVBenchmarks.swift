import Benchmark
import Foundation

// What the adapter and the runtime cost while mpv plays: `adplay simulate
// --player mpv` plays a scenario, and its own CPU time (user and system, all
// its threads; mpv's decoding runs in mpv's process and is excluded) from
// its first event line to its last is divided by the wall time between
// them. Linux (it reads /proc). Needs mpv, ffmpeg, python3 (its
// http.server is the origin, outside the measured process) and the release
// adplay: (cd .. && swift build -c release --product adplay).
let adplayPath = ProcessInfo.processInfo.environment["ADPLAY"] ?? "../.build/release/adplay"

let benchmarks: @Sendable () -> Void = {
    let share = BenchmarkMetric.custom("adplay CPU, hundredths of a percent of one core", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, share], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3,
        teardown: { try? MediaOrigin.shared.get().stop() })
    guard FileManager.default.isExecutableFile(atPath: adplayPath) else {
        print("Skipping the mpv benchmark: build adplay first (swift build -c release --product adplay) or set ADPLAY.")
        return
    }

    Benchmark("adplay on mpv, a 4 s pre-roll and 12 s of content: CPU of adapter and runtime", configuration: configuration) { benchmark in
        let origin = try MediaOrigin.shared.get()
        let scenario = origin.directory.appendingPathComponent("scenario.json")
        try Data("""
            {"stream": {"type": "vod", "contentDuration": 12, "url": "\(origin.base)/content.m3u8"},
             "breaks": [{"id": "pre", "at": 0, "insertion": "inserted", "ads": [{"id": "a1", "duration": 4, "asset": "\(origin.base)/ad.m3u8"}]}],
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """.utf8).write(to: scenario)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: adplayPath)
        process.arguments = ["simulate", scenario.path, "--player", "mpv", "--format", "jsonl"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var first: (cpu: Duration?, wall: ContinuousClock.Instant)?
        var last: (cpu: Duration?, wall: ContinuousClock.Instant)?
        var ended = false
        benchmark.startMeasurement()
        while case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
            let reading = (cpu: cpuTime(of: process.processIdentifier), wall: ContinuousClock.now)
            if first == nil { first = reading }
            if String(decoding: chunk, as: UTF8.self).contains(#""event":"sessionEnd""#) {
                last = reading
                ended = true
            }
        }
        benchmark.stopMeasurement()
        process.waitUntilExit()
        guard ended, let first, let last, let cpuFirst = first.cpu, let cpuLast = last.cpu else {
            throw MediaOrigin.Failure("adplay did not play the scenario to its end (status \(process.terminationStatus))")
        }
        benchmark.measurement(share, Int(((cpuLast - cpuFirst) / (last.wall - first.wall) * 10_000).rounded()))
    }
}

/// A process's own CPU time so far, user and system, all its threads
/// (`/proc/PID/stat` fields 14 and 15, in clock ticks; not its children's).
func cpuTime(of pid: Int32) -> Duration? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After "pid (comm)": state is field 3, so utime (14) and stime (15) are at 11 and 12.
    guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
    let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
    return .milliseconds((user + system) * 1_000 / ticks)
}

/// Test media made with ffmpeg, served by python3's http.server on
/// loopback, once per benchmark run.
final class MediaOrigin: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let base: String
    let directory: URL
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
        self.directory = directory
    }

    func stop() {
        // SIGKILL: the server may inherit an ignored SIGTERM from the benchmark runner.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
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
