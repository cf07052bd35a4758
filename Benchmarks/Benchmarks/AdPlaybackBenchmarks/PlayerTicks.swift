import AdPlaybackKit
import Benchmark

/// A session over the 10,000-break timeline, started at content 300,000 s
/// (autoSeek skipAll) with client-side breaks; its first presentation is
/// acknowledged when `acknowledged`, and still pending otherwise.
func startedSession(acknowledged: Bool) -> PlaybackSession {
    let base = makeTimeline(breaks: 10_000)
    let breaks = base.breaks.map { adBreak in
        var adBreak = adBreak
        adBreak.insertion = .inserted
        return adBreak
    }
    var policy = AdPolicy.strict
    policy.autoSeek = .skipAll
    var session = PlaybackSession(
        timeline: try! AdTimeline(contentDuration: base.contentDuration, breaks: breaks), engine: AdPolicyEngine(policy: policy))
    let actions = try! session.handle(.start(.position(.content(ContentTime(seconds: 300_010)))), at: .zero)
    if acknowledged, case .present(let presentation)? = actions.first(where: { if case .present = $0 { true } else { false } }) {
        _ = try! session.handle(.player(.ready(presentation.id, landedAt: presentation.time)), at: .zero)
    }
    return session
}

func playerTickBenchmarks() {
    // Times are per tick: each sample runs a thousand.
    let perTick = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
    let pending = startedSession(acknowledged: false)
    let playing = startedSession(acknowledged: true)

    // The player's periodic observer while a seek or load is under way:
    // the tick must be refused cheaply (the contract's common case).
    Benchmark("Tick with a presentation pending, 10,000-break timeline", configuration: perTick) { benchmark in
        var session = pending
        let clock = ClockTime(seconds: 1)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try session.handle(.tick(itemTime: MediaDuration(microseconds: Int64(index % 1_000))), at: clock))
        }
    }

    // The same tick once the player is ready: 10 ms of content played.
    Benchmark("Tick while playing, 10,000-break timeline", configuration: perTick) { benchmark in
        var session = playing
        var time = MediaDuration(seconds: 300_010)
        var clock = ClockTime.zero
        let step = MediaDuration(microseconds: 10_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += step
            clock += step
            blackHole(try session.handle(.tick(itemTime: time), at: clock))
        }
    }
}
