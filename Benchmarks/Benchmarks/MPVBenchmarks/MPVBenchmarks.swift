import Benchmark
import Foundation

// What the adapter and the runtime cost while mpv plays: `adplay simulate
// --player mpv` plays a scenario, and its own CPU time (user and system, all
// its threads; mpv's decoding runs in mpv's process and is excluded) from
// its first event line to its last is divided by the wall time between
// them. Linux (it reads /proc). Needs mpv, ffmpeg, python3 (its
// http.server is the origin, outside the measured process) and the release
// adplay: (cd .. && bash Scripts/release.sh).
let adplayPath = ProcessInfo.processInfo.environment["ADPLAY"] ?? "../.build/release/adplay"

let benchmarks: @Sendable () -> Void = {
    let share = BenchmarkMetric.custom("adplay CPU, hundredths of a percent of one core", polarity: .prefersSmaller, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, share], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3,
        teardown: { try? MediaOrigin.shared.get().stop() })
    guard FileManager.default.isExecutableFile(atPath: adplayPath) else {
        print("Skipping the mpv benchmark: build adplay first (bash Scripts/release.sh) or set ADPLAY.")
        return
    }

    Benchmark("adplay on mpv, a 4 s pre-roll and 12 s of content: CPU of adapter and runtime", configuration: configuration) { benchmark in
        let origin = try MediaOrigin.shared.get()
        try measure(benchmark, share, """
            {"stream": {"type": "vod", "contentDuration": 12, "url": "\(origin.base)/content.m3u8"},
             "breaks": [{"id": "pre", "at": 0, "insertion": "inserted", "ads": [{"id": "a1", "duration": 4, "asset": "\(origin.base)/ad.m3u8"}]}],
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """)
    }

    // Live: the playlist is followed in the background, mpv's log read for
    // the join, and a CUE-OUT break entered and left.
    Benchmark("adplay on mpv, 15 s of a live stream with a break: CPU of adapter, runtime and follower", configuration: configuration) { benchmark in
        let origin = try MediaOrigin.shared.get()
        try measure(benchmark, share, """
            {"stream": {"type": "live", "url": "\(try origin.startLive())/live.m3u8"},
             "actions": [{"do": "start"}, {"do": "play", "for": 15}, {"do": "stop"}]}
            """)
    }
}

/// Runs adplay on `json` and records its CPU share from its first line to its `sessionEnd`.
func measure(_ benchmark: Benchmark, _ share: BenchmarkMetric, _ json: String) throws {
    let origin = try MediaOrigin.shared.get()
    let scenario = origin.directory.appendingPathComponent("scenario-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: scenario)
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
/// loopback, once per benchmark run; and a live origin in python3 that
/// publishes 1 s segments of one stream in a sliding window of 6, one more
/// each second from its start, with a CUE-OUT break at segments 8-10.
final class MediaOrigin: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let base: String
    let directory: URL
    private let server: Process
    private var live: Process?

    static let shared = Result { try MediaOrigin() }

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, seconds, frequency) in [("content", 12, 440), ("ad", 4, 880), ("live", 40, 330)] {
            try Self.run("ffmpeg", in: directory, [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100", "-t", "\(seconds)",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
                "-c:a", "aac", "-b:a", "64k", "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
                "-hls_segment_filename", "\(name)%03d.ts", "\(name).m3u8",
            ])
        }
        try Data(Self.liveOrigin.utf8).write(to: directory.appendingPathComponent("live.py"))
        (server, base) = try Self.serve(["-m", "http.server", "0", "--bind", "127.0.0.1"], in: directory)
        self.directory = directory
    }

    /// Starts the live origin (publishing from now); its base URL.
    func startLive() throws -> String {
        if let live { kill(live.processIdentifier, SIGKILL) }
        let (process, base) = try Self.serve(["live.py"], in: directory)
        live = process
        return base
    }

    func stop() {
        // SIGKILL: the servers may inherit an ignored SIGTERM from the benchmark runner.
        for process in [server, live].compactMap({ $0 }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts a python3 server that first says "Serving HTTP on 127.0.0.1 port N …".
    private static func serve(_ arguments: [String], in directory: URL) throws -> (Process, String) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-u"] + arguments
        server.currentDirectoryURL = directory
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let port = words.firstIndex(of: "port").flatMap({ $0 + 1 < words.count ? words[$0 + 1] : nil }) else {
            kill(server.processIdentifier, SIGKILL)
            throw Failure("python3 \(arguments) did not say its port: \(line)")
        }
        return (server, "http://127.0.0.1:\(port)")
    }

    /// The live origin: /live.m3u8 from the clock, /sN.ts from liveNNN.ts.
    static let liveOrigin = #"""
        import http.server, time
        began = time.time()
        class Origin(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def do_GET(self):
                if self.path == "/live.m3u8":
                    count = 6 + int(time.time() - began)
                    first = max(0, count - 6)
                    text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:%d\n" % first
                    for index in range(first, count):
                        if index == 8: text += "#EXT-X-CUE-OUT:3.000\n"
                        if index in (9, 10): text += "#EXT-X-CUE-OUT-CONT:ElapsedTime=%d.000,Duration=3.000\n" % (index - 8)
                        if index == 11: text += "#EXT-X-CUE-IN\n"
                        text += "#EXTINF:1.000,\ns%d.ts\n" % index
                    body, kind = text.encode(), "application/vnd.apple.mpegurl"
                else:
                    try:
                        body, kind = open("live%03d.ts" % int(self.path[2:-3]), "rb").read(), "video/mp2t"
                    except (ValueError, OSError):
                        self.send_response(404); self.end_headers(); return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Origin)
        print("Serving HTTP on 127.0.0.1 port %d" % server.server_address[1], flush=True)
        server.serve_forever()
        """#

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
