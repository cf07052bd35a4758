import AdPlaybackKit
import AdScenario
import Benchmark

/// 10,000 mid-rolls, one a minute, 15 s each.
func makeTimeline(breaks count: Int) -> AdTimeline {
    let breaks = (0..<count).map { index in
        AdBreak(
            id: "b\(index)", position: .midroll(ContentTime(seconds: Int64(index + 1) * 60)),
            ads: [Ad(id: "a", duration: MediaDuration(seconds: 15))])
    }
    return try! AdTimeline(contentDuration: MediaDuration(seconds: Int64(count + 1) * 60), breaks: breaks)
}

/// A scenario with `breaks` breaks (one a minute, two ads each) and
/// `actions` actions mixing plays, seeks, trick play, interruptions, pauses,
/// stops and resumes from the bookmark.
///
/// `seekSpan` bounds how far jumps go: a viewer's seeks of a few minutes
/// around where they are (`300`), or anywhere in the content (`nil`), which
/// makes every jump leap hundreds of breaks, each reported as a skip.
func makeScenario(breaks: Int, actions: Int, seekSpan: Int?) -> String {
    let duration = (breaks + 1) * 60
    var json = #"{"stream": {"type": "vod", "contentDuration": \#(duration)}, "breaks": ["#
    json += (0..<breaks).map { index in
        #"{"id": "b\#(index)", "at": \#((index + 1) * 60), "ads": [{"id": "a", "duration": 10}, {"id": "b", "duration": 5}]}"#
    }.joined(separator: ",")
    json += #"], "policy": {"preset": "snapback", "cooldown": 30, "interrupt": "restart"}, "actions": [{"do": "start"}"#
    let limit = duration - 600
    for index in 1..<actions {
        let target: Int
        if let seekSpan {
            let cursor = index * limit / actions
            target = max(0, min(limit, cursor + (index * 7919) % (2 * seekSpan) - seekSpan))
        } else {
            target = (index * 7919) % limit
        }
        let action = switch index % 10 {
        case 0: #"{"do": "play", "for": 45}"#
        case 1: #"{"do": "seek", "to": {"content": \#(target)}}"#
        case 2: #"{"do": "play", "for": 20.5}"#
        case 3: #"{"do": "fastForward", "to": {"content": \#(min(limit, target + 300))}}"#
        case 4: #"{"do": "interrupt", "for": 5}"#
        case 5: #"{"do": "rewind", "to": {"stream": \#(target)}}"#
        case 6: #"{"do": "pause", "for": 3}"#
        case 7: #"{"do": "play", "for": 50}"#
        case 8: #"{"do": "stop"}"#
        default: #"{"do": "start", "from": "bookmark"}"#
        }
        json += "," + action
    }
    return json + "]}"
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    let timeline = makeTimeline(breaks: 10_000)
    let engine = AdPolicyEngine(policy: .snapback)
    let context = PolicyContext(timeline: timeline)
    let origin = ContentTime(seconds: 300_000)
    let playhead = Playhead(stream: timeline.streamTime(resumingAt: origin), content: origin)

    Benchmark("Seek decision, 10,000-break timeline, snapback over 2 breaks") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(engine.decideJump(from: playhead, to: .content(ContentTime(seconds: 300_150)), context: context))
        }
    }

    Benchmark("Seek decision, 10,000-break timeline, stream target inside a break over 1 break") { benchmark in
        // Break 5001 (content 300,120 s) starts at stream 375,135 s; land 5 s into it.
        for _ in benchmark.scaledIterations {
            blackHole(engine.decideJump(from: playhead, to: .stream(StreamTime(seconds: 375_140)), context: context))
        }
    }

    playerTickBenchmarks()

    Benchmark("Stream to content time, 10,000-break timeline") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(timeline.contentTime(forStreamTime: StreamTime(seconds: 412_345)))
        }
    }

    // A day of live churn next to its first six hours: the time per change
    // and the storage the timeline holds must not grow with the day.
    let churnMetrics: [BenchmarkMetric] = [
        .wallClock, .mallocCountTotal, .peakMemoryResident, .custom("ns per change", useScalingFactor: false),
        .custom("storage slots", useScalingFactor: false), .custom("breaks held", useScalingFactor: false),
    ]
    for hours in [6, 24] as [Int64] {
        let steps = liveChurn(seconds: hours * 3_600)
        Benchmark(
            "Live timeline churn, \(hours) h (break every 5 min, 2 h window, \(steps.count) changes)",
            configuration: .init(metrics: churnMetrics, maxDuration: .seconds(5))
        ) { benchmark in
            let started = ContinuousClock.now
            var timeline: AdTimeline?
            for _ in benchmark.scaledIterations {
                timeline = try apply(steps)
                blackHole(timeline)
            }
            let elapsed = MediaDuration(ContinuousClock.now - started)
            benchmark.measurement(.custom("ns per change", useScalingFactor: false),
                                  Int(elapsed.ticks * 1_000 / 9 / Int64(steps.count * benchmark.scaledIterations.count)))
            benchmark.measurement(.custom("storage slots", useScalingFactor: false), timeline?.storageSlots ?? 0)
            benchmark.measurement(.custom("breaks held", useScalingFactor: false), timeline?.count ?? 0)
        }
    }

    let heavy = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 20)
    for (name, span) in [("viewer seeks within 5 min", Optional(300)), ("seeks anywhere, ~1.2M skip events", nil)] {
        let scenario = Array(makeScenario(breaks: 1_000, actions: 10_000, seekSpan: span).utf8)
        Benchmark("Scenario 1,000 breaks × 10,000 actions, \(name): decode + simulate", configuration: heavy) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await Scenario.decode(json: scenario).run())
            }
        }
        Benchmark("Scenario 1,000 breaks × 10,000 actions, \(name): render JSON lines", configuration: heavy) { benchmark in
            let run = try await Scenario.decode(json: scenario).run()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(EventLines.bytes(for: run.events))
            }
        }
    }
}
