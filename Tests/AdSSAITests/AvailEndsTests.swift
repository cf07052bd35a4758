import AdLive
import AdPlaybackTestSupport
import AdSSAI
import AdSimulation
import AdTransport
import Foundation
import HLS
import MediaTime
import SSAITracking
import Testing
import AdURLSession

/// Collects what a follower saw: each update with the live edge then.
actor EdgeCollector {
    private(set) var seen: [(update: SSAIStream.Update, edge: StreamTime?)] = []
    func add(_ update: SSAIStream.Update, edge: StreamTime?) { seen.append((update, edge)) }
}

/// An avail's end is said once, at its final end: a live answer that lists
/// it before its length is known (duration 0, ads still arriving) does not
/// end it when the live edge passes its start.
@Suite(.serialized) struct AvailEndsTests {
    /// Follows a live SSAI session over HTTP on 127.0.0.1 for `seconds` of
    /// virtual time and returns its lines as `ssai start` prints them:
    /// `availStart id`, `availUpdate id`, `availEnd id@end`.
    private func lines(_ script: SSAIScript, seconds: Int64) async throws -> [String] {
        let pacing = VirtualClock()
        let fetching = VirtualClock()
        let collector = EdgeCollector()
        try await LoopbackSSAIEndpoint.with(script, reading: { pacing.reading }) { endpoint in
            let client = HTTPClient(transport: URLSessionTransport(), clock: fetching)
            let started = await SSAISessionStart.start(SSAIConfiguration(endpoint: await endpoint.sessionURL.absoluteString), client: client)
            let stream = SSAIStream(startup: started, client: client, clock: pacing)
            let task = Task {
                await stream.follow(for: .seconds(seconds)) { update, follower in
                    await collector.add(update, edge: follower.live?.playlist.segments.last?.end)
                }
            }
            let step = MediaDuration(microseconds: 100_000)
            while pacing.reading < ClockTime(seconds: seconds) {
                await Task.yield()
                guard pacing.sleeperCount > 0 else { continue }
                pacing.advance(by: step)
                fetching.advance(by: step)
            }
            _ = await task.value
        }
        var ends = AvailEnds()
        var lines: [String] = []
        for (update, edge) in await collector.seen {
            switch update.event {
            case .tracking(let change, _):
                switch change {
                case .availStart(let avail): lines.append("availStart \(avail.id)")
                case .availUpdate(let avail): lines.append("availUpdate \(avail.id)")
                default: break
                }
                lines += ends.take(change).map { "availEnd \($0.id)@\($0.end)" }
            case .live:
                if let edge { lines += ends.edge(edge).map { "availEnd \($0.id)@\($0.end)" } }
            default:
                break
            }
        }
        return lines
    }

    @Test func availsThatArriveIncompleteAndGrowOverThreePolls_endOnceAtTheirFinalEnd() async throws {
        var script = SSAIScript(segmentMilliseconds: 1_000, window: 30)
        script.avails = [
            .init(id: "avail-35", at: 35, segments: 6, ads: 2, late: 1),
            .init(id: "avail-45", at: 45, segments: 4, ads: 3, late: 2),
        ]
        script.incompleteAnswers = 2
        let lines = try await lines(script, seconds: 40)
        for (id, start, length) in [("avail-35", 35, 6), ("avail-45", 45, 4)] {
            let about = lines.filter { $0.hasSuffix(" \(id)") || $0.hasPrefix("availEnd \(id)@") }
            #expect(about.first == "availStart \(id)", "\(about)")
            #expect(about.filter { $0.hasPrefix("availStart") }.count == 1, "\(about)")
            #expect(about.contains("availUpdate \(id)"), "it grew: \(about)")
            let ends = about.filter { $0.hasPrefix("availEnd") }
            #expect(ends.count == 1, "one end: \(about)")
            #expect(about.last?.hasPrefix("availEnd") == true, "after its last update: \(about)")
            if let end = ends.first, let at = end.split(separator: "@").last {
                #expect(at == "\(start + length)", "\(about)")
            }
        }
    }

    /// The state machine alone: an avail first listed with no length does
    /// not end, a later length ends it once, a repeat after its end does not
    /// open it again, an overlay-only avail ends when the answer says so, and
    /// a withdrawn one never ends.
    @Test func endsOnce_onlyWhenTheEndIsKnown() {
        func avail(_ id: String, _ start: Int64, _ duration: Int64) -> TrackedAvail {
            TrackedAvail(id: id, start: StreamTime(seconds: start), duration: MediaDuration(seconds: duration))
        }
        var ends = AvailEnds()
        #expect(ends.take(.availStart(avail("a", 10, 0))).isEmpty)
        #expect(ends.edge(StreamTime(seconds: 30)).isEmpty, "no end while the length is not known")
        #expect(ends.take(.availUpdate(avail("a", 10, 15))).isEmpty)
        #expect(ends.edge(StreamTime(seconds: 30)) == [AvailEnds.Ended(id: "a", end: StreamTime(seconds: 25))])
        #expect(ends.take(.availUpdate(avail("a", 10, 20))).isEmpty)
        #expect(ends.edge(StreamTime(seconds: 40)).isEmpty, "ended once")
        #expect(ends.take(.availStart(avail("o", 50, 0))).isEmpty)
        #expect(ends.take(.nonLinearAvail(avail("o", 50, 0))) == [AvailEnds.Ended(id: "o", end: StreamTime(seconds: 50))])
        #expect(ends.take(.availStart(avail("w", 60, 10))).isEmpty)
        #expect(ends.take(.availRemoved(avail("w", 60, 10))).isEmpty)
        #expect(ends.edge(StreamTime(seconds: 100)).isEmpty, "a withdrawn avail never ends")
    }
}
