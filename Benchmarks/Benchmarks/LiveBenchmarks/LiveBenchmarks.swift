import AdPlaybackKit
import Benchmark
import Foundation

/// A live stream's playlist bodies, made by sliding a byte window: 2 s
/// segments, a window of `window` segments, a 60 s break every 5 minutes
/// (CUE-OUT/CONT/IN). Making a body is a copy, kept out of the measurement.
struct SlidingPlaylist {
    let window: Int
    /// Segments between HLS interstitials (X-ASSET-URI, DURATION 15), mid-way between breaks; 0 for none.
    let interstitialEvery: Int
    private var blocks: [[UInt8]] = []
    private var first = 0

    init(window: Int, interstitialEvery: Int = 0) {
        self.window = window
        self.interstitialEvery = interstitialEvery
        for index in 0..<window { blocks.append(Self.block(index, interstitialEvery: interstitialEvery)) }
    }

    /// Whether segment `index` carries an interstitial.
    func hasInterstitial(_ index: Int) -> Bool { interstitialEvery > 0 && index % interstitialEvery == interstitialEvery / 2 }

    static func block(_ index: Int, interstitialEvery: Int = 0) -> [UInt8] {
        var text = ""
        let phase = index % 150
        if phase == 0 { text += "#EXT-X-CUE-OUT:60.000\n" } else if phase < 30 {
            text += "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(phase * 2).000,Duration=60.000\n"
        } else if phase == 30 { text += "#EXT-X-CUE-IN\n" }
        let seconds = 1_767_225_600 + index * 2
        text += "#EXT-X-PROGRAM-DATE-TIME:\(seconds)\n".replacingOccurrences(of: "\(seconds)", with: iso(seconds))
        if interstitialEvery > 0, index % interstitialEvery == interstitialEvery / 2 {
            text += "#EXT-X-DATERANGE:ID=\"promo-\(index)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(iso(seconds))\","
            text += "DURATION=15.0,X-ASSET-URI=\"https://ads.example.com/promo/\(index).m3u8\",X-RESUME-OFFSET=0,X-RESTRICT=\"SKIP,JUMP\"\n"
        }
        text += "#EXTINF:2.000,\nhttps://cdn.example.com/live/seg-\(index).ts\n"
        return Array(text.utf8)
    }

    private static func iso(_ seconds: Int) -> String {
        let day = seconds % 86_400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "2026-01-01T\(two(day / 3_600)):\(two(day / 60 % 60)):\(two(day % 60)).000Z"
    }

    /// Publishes one more segment.
    mutating func advance() {
        blocks.removeFirst()
        first += 1
        blocks.append(Self.block(first + window - 1, interstitialEvery: interstitialEvery))
    }

    /// The newest segment's index.
    var last: Int { first + window - 1 }

    var body: [UInt8] {
        var bytes = Array("#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(first)\n".utf8)
        bytes.reserveCapacity(window * 120)
        for block in blocks { bytes += block }
        return bytes
    }
}

/// The resident set size, from /proc/self/statm (0 where there is none).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// One day of a live session: a refresh a second, the session playing
/// along; `measure` gets the time of each refresh plus its session update.
func liveDay(window: Int, seconds: Int, measure: (Duration) -> Void, checkpoint: (Int, LiveFollower) -> Void) throws {
    var playlist = SlidingPlaylist(window: window)
    var follower = LiveFollower(url: "bench")
    let session = PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    let simulation = Simulation(session: session)
    let clock = ContinuousClock()
    var started = false
    for second in 0..<seconds {
        if second > 0, second % 2 == 0 { playlist.advance() }
        let body = playlist.body
        let now = ClockTime(seconds: Int64(second))
        let begin = clock.now
        for event in follower.take(body, at: now) {
            for input in LiveInputs.inputs(for: event, from: follower) {
                try simulation.send(input)  // the runtime's marker resolver makes each cue its break at once
            }
        }
        if !started, let edge = follower.live?.playlist.segments.last?.end {
            try simulation.send(.start(.position(.stream(edge - MediaDuration(seconds: 6)))))
            started = true
        } else if started {
            try simulation.play(for: MediaDuration(seconds: 1))
        }
        measure(clock.now - begin)
        checkpoint(second, follower)
    }
}

/// A live session with interstitials (resolved at once: asset URIs), a
/// refresh a second for `refreshes` seconds of 2 s segments: `measure`
/// gets the time of each refresh that adds an interstitial, from its body
/// to the session's placed and resolved break, and `plain` that of each
/// refresh adding only a segment.
func interstitialRefreshes(window: Int, refreshes: Int, measure: (Duration) -> Void, plain: (Duration) -> Void) throws {
    var playlist = SlidingPlaylist(window: window, interstitialEvery: 150)
    var follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
    let session = PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
    let simulation = Simulation(session: session, resolvers: [InStreamMarkerResolver(), InterstitialResolver(client: client, primaryID: "bench")])
    let clock = ContinuousClock()
    for second in 0..<refreshes {
        if second > 0 { playlist.advance() }
        let body = playlist.body
        let adds = second > 0 && playlist.hasInterstitial(playlist.last)
        let begin = clock.now
        for event in follower.take(body, at: ClockTime(seconds: Int64(second))) {
            for input in LiveInputs.inputs(for: event, from: follower) {
                try simulation.send(input)
            }
        }
        let elapsed = clock.now - begin
        if adds {
            precondition(simulation.session.timeline.adBreak(id: "promo-\(playlist.last)")?.isPlaceholder == false, "the interstitial did not resolve")
            measure(elapsed)
        } else if second > 0 {
            plain(elapsed)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let perInterstitial = BenchmarkMetric.custom("µs per refresh adding an interstitial", useScalingFactor: false)
    let perPlain = BenchmarkMetric.custom("µs per refresh adding a segment only", useScalingFactor: false)
    Benchmark(
        "Live refresh adding one interstitial, into the session: 3 h window of 2 s segments, one every 5 min",
        configuration: .init(metrics: [perInterstitial, perPlain], maxDuration: .seconds(1), maxIterations: 1)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            func micros(_ elapsed: Duration) -> Int { Int(elapsed.components.attoseconds / 1_000_000_000_000) + Int(elapsed.components.seconds) * 1_000_000 }
            try interstitialRefreshes(window: 5_400, refreshes: 150 * 300, measure: { benchmark.measurement(perInterstitial, micros($0)) },
                                      plain: { benchmark.measurement(perPlain, micros($0)) })
        }
    }

    let perRefresh = BenchmarkMetric.custom("µs per refresh + session update", useScalingFactor: false)
    let residentStart = BenchmarkMetric.custom("resident MB after 1 h", useScalingFactor: false)
    let residentEnd = BenchmarkMetric.custom("resident MB after 24 h", useScalingFactor: false)
    let heldStart = BenchmarkMetric.custom("opportunities held after 1 h", useScalingFactor: false)
    let heldEnd = BenchmarkMetric.custom("opportunities held after 24 h", useScalingFactor: false)
    Benchmark(
        "Live session, 24 h: a refresh a second, 2 s segments, 3 h window, a break every 5 min",
        configuration: .init(metrics: [.wallClock, perRefresh, residentStart, residentEnd, heldStart, heldEnd], maxDuration: .seconds(1), maxIterations: 1)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            try liveDay(window: 5_400, seconds: 86_400, measure: { elapsed in
                benchmark.measurement(perRefresh, Int(elapsed.components.attoseconds / 1_000_000_000_000) + Int(elapsed.components.seconds) * 1_000_000)
            }, checkpoint: { second, follower in
                let held = follower.live?.playlist.opportunities.count ?? 0
                if second == 3_600 {
                    benchmark.measurement(residentStart, residentBytes() >> 20)
                    benchmark.measurement(heldStart, held)
                }
                if second == 86_399 {
                    benchmark.measurement(residentEnd, residentBytes() >> 20)
                    benchmark.measurement(heldEnd, held)
                }
            })
        }
    }
}
