import AdPlaybackKit
import Benchmark
import Foundation
import LiveWorkload

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

/// A duration in whole microseconds.
func micros(_ elapsed: Duration) -> Int {
    Int(elapsed.components.attoseconds / 1_000_000_000_000) + Int(elapsed.components.seconds) * 1_000_000
}

let benchmarks: @Sendable () -> Void = {
    let perInterstitial = BenchmarkMetric.custom("µs per refresh adding an interstitial", useScalingFactor: false)
    let perPlain = BenchmarkMetric.custom("µs per refresh adding a segment only", useScalingFactor: false)
    Benchmark(
        "Live refresh adding one interstitial, into the session: 3 h window of 2 s segments, one every 5 min",
        configuration: .init(metrics: [perInterstitial, perPlain], maxDuration: .seconds(1), maxIterations: 1)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            try interstitialRefreshes(window: 5_400, refreshes: 150 * 300, measure: { benchmark.measurement(perInterstitial, micros($0)) },
                                      plain: { benchmark.measurement(perPlain, micros($0)) })
        }
    }

    // The same refreshes taken by two sessions, one right after the other:
    // the second finds the interstitial's code in the caches, so the two
    // side by side tell the work from the cost of fetching its code.
    let cold = BenchmarkMetric.custom("µs adding an interstitial, first session (code cold)", useScalingFactor: false)
    let warm = BenchmarkMetric.custom("µs adding an interstitial, second session (code warm)", useScalingFactor: false)
    Benchmark(
        "Live refresh adding one interstitial, two sessions taking each refresh in turn: code cold and code warm",
        configuration: .init(metrics: [cold, warm], maxDuration: .seconds(1), maxIterations: 1)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            try twinInterstitialRefreshes(window: 5_400, refreshes: 150 * 300, first: { benchmark.measurement(cold, micros($0)) },
                                          second: { benchmark.measurement(warm, micros($0)) })
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
                benchmark.measurement(perRefresh, micros(elapsed))
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
