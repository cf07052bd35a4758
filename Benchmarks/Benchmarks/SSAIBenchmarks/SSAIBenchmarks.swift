import AdPlaybackKit
import Benchmark
import Foundation

/// The tracking answer of a 3-hour live window: `avails` avails 5 minutes
/// apart from `first`, each of 4 ads × 6 events, as an SSAI server writes it.
func trackingJSON(avails: Int, first: Int = 0) -> [UInt8] {
    var parts: [String] = []
    for index in first..<(first + avails) {
        let start = index * 300
        var ads: [String] = []
        for ad in 0..<4 {
            let adStart = start + ad * 15
            let events = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].enumerated().map { offset, name in
                "{\"eventType\": \"\(name)\", \"eventId\": \"\(index)-\(ad)-\(offset)\", \"startTimeInSeconds\": \(Double(adStart) + Double(max(0, offset - 1)) * 3.75), "
                    + "\"durationInSeconds\": 0, \"beaconUrls\": [\"https://ads.example.com/track?e=\(name)&a=\(index)-\(ad)&cb=[CACHEBUSTING]\"]}"
            }
            ads.append("{\"adId\": \"\(index)-\(ad)\", \"startTimeInSeconds\": \(adStart), \"durationInSeconds\": 15, \"adTitle\": \"spot \(ad)\", "
                + "\"trackingEvents\": [\(events.joined(separator: ", "))]}")
        }
        parts.append("{\"availId\": \"\(index)\", \"startTimeInSeconds\": \(start), \"durationInSeconds\": 60, \"ads\": [\(ads.joined(separator: ", "))]}")
    }
    return Array("{\"avails\": [\(parts.joined(separator: ", "))], \"nextToken\": null}".utf8)
}

/// A live session holding the breaks of `ledger`, as an SSAI session has them.
func session(holding changes: [TrackingChange]) throws -> PlaybackSession {
    var session = PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    try apply(changes, to: &session)
    return session
}

/// What the runtime does with a poll's changes: each avail that started or
/// changed is its break, entered or replaced.
func apply(_ changes: [TrackingChange], to session: inout PlaybackSession) throws {
    for change in changes {
        switch change {
        case .availStart(let avail), .availUpdate(let avail):
            _ = try session.handle(.opportunity(AdOpportunity(avail: avail, position: .stream(avail.start))), at: .zero)
        case .availRemoved(let avail):
            _ = try session.handle(.timelineChanged(.withdraw(breakID: avail.id)), at: .zero)
        default:
            break
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let window = try! TrackingParser.parse(trackingJSON(avails: 36))
    let slid = try! TrackingParser.parse(trackingJSON(avails: 36, first: 1))
    var settled = TrackingLedger()
    let firstChanges = settled.merge([window], windowStart: .zero)
    let ticks = BenchmarkMetric.wallClock

    Benchmark(
        "SSAI poll merge, 3 h window (36 avails × 4 ads × 6 events), unchanged: ledger and timeline",
        configuration: .init(metrics: [ticks, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        var ledger = settled
        var live = try session(holding: firstChanges)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let changes = ledger.merge([window], windowStart: .zero)
            try apply(changes, to: &live)
            blackHole(changes)
        }
    }

    Benchmark(
        "SSAI poll merge, 3 h window, the window slid by one avail: ledger and timeline",
        configuration: .init(metrics: [ticks, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        var ledger = settled
        var live = try session(holding: firstChanges)
        benchmark.startMeasurement()
        let changes = ledger.merge([slid], windowStart: StreamTime(seconds: 300))
        try apply(changes, to: &live)
        benchmark.stopMeasurement()
        precondition(changes.count == 5, "one avail and its 4 ads start; none is withdrawn (the old one left the window)")
    }

    Benchmark(
        "SSAI poll merge, 3 h window, first poll (36 new avails): ledger and timeline",
        configuration: .init(metrics: [ticks, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        var ledger = TrackingLedger()
        var live = try session(holding: [])
        benchmark.startMeasurement()
        let changes = ledger.merge([window], windowStart: .zero)
        try apply(changes, to: &live)
        benchmark.stopMeasurement()
        precondition(live.timeline.breaks.count == 36)
    }

    Benchmark(
        "SSAI first poll, ledger only",
        configuration: .init(metrics: [ticks, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        var ledger = TrackingLedger()
        benchmark.startMeasurement()
        blackHole(ledger.merge([window], windowStart: .zero))
        benchmark.stopMeasurement()
    }

    Benchmark(
        "SSAI tracking page parse, 3 h window",
        configuration: .init(metrics: [ticks, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
        let bytes = trackingJSON(avails: 36)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try TrackingParser.parse(bytes)) }
    }
}
