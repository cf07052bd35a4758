import AdPlayback
import AdPlaybackTestSupport
import AdPlayerMPV
import AdPolicy
import AdScenario
import AdSignals
import Foundation
import MediaTime
import Testing

extension RealPlayerTests {
    /// The same scenario file played both ways: by `simulate`'s simulated
    /// player, configured like mpv (its measured latency, the media's keyframe
    /// interval), and by a real mpv at real time. Both must give the same
    /// viewing events, with stream times within one keyframe interval plus
    /// 0.25 s. Events only a real player causes (stall, resync) are listed,
    /// not compared. The suite prints the table of differences.
    @Suite struct SimulationVersusMPVTests {
        /// The simulated player, as mpv measured here: a load is ready in about
        /// 50 ms, a seek in about 40 ms, the media has a keyframe every second.
        static let mpvLike = #""player": {"loadLatency": 0.05, "seekLatency": 0.04, "keyframeInterval": 1}"#
        static let keyframeInterval = 1.0
        static let tolerance = keyframeInterval + 0.25

        /// Short scenarios on 12 s of content (`content.m3u8`), a 5 s ad
        /// (`ad.m3u8`), a 4 s ad (`ad2.m3u8`), an ad that answers 404
        /// (`missing.m3u8`) and a 16 s stream with a 4 s ad stitched in at 6
        /// (`stitched.m3u8`, timestamps continuous).
        static let scenarios: [(name: String, json: String)] = [
            ("pre-roll", """
                "breaks": [{"id": "pre", "at": 0, "ads": [{"id": "a1", "duration": 5, "asset": "{BASE}/ad.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "playToEnd"}]
                """),
            ("mid-roll", """
                "breaks": [{"id": "mid", "at": 6, "ads": [{"id": "b1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "playToEnd"}]
                """),
            ("post-roll", """
                "breaks": [{"id": "post", "at": "end", "ads": [{"id": "c1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "playToEnd"}]
                """),
            ("snapback", """
                "policy": {"preset": "snapback"},
                "breaks": [{"id": "mid", "at": 4, "ads": [{"id": "m1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 2}, {"do": "seek", "to": {"content": 9}}, {"do": "playToEnd"}]
                """),
            ("fast-forward plays the last break", """
                "policy": {"fastForward": "playLast"},
                "breaks": [{"id": "x", "at": 3, "ads": [{"id": "x1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]},
                           {"id": "y", "at": 6, "ads": [{"id": "y1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 1}, {"do": "fastForward", "to": {"content": 9}}, {"do": "playToEnd"}]
                """),
            ("rewind over a watched break", """
                "breaks": [{"id": "mid", "at": 3, "ads": [{"id": "m1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 9}, {"do": "rewind", "to": {"content": 1}}, {"do": "playToEnd"}]
                """),
            ("interrupt in an ad", """
                "policy": {"interrupt": "resume"},
                "breaks": [{"id": "pre", "at": 0, "ads": [{"id": "a1", "duration": 5, "asset": "{BASE}/ad.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 2}, {"do": "interrupt", "for": 3}, {"do": "playToEnd"}]
                """),
            ("bookmark resume", """
                "breaks": [{"id": "mid", "at": 3, "ads": [{"id": "m1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 9}, {"do": "stop"}, {"do": "wait", "for": 1},
                            {"do": "start", "from": "bookmark"}, {"do": "playToEnd"}]
                """),
            ("cool-down", """
                "policy": {"cooldown": 60},
                "breaks": [{"id": "x", "at": 3, "ads": [{"id": "x1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]},
                           {"id": "y", "at": 9, "ads": [{"id": "y1", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "playToEnd"}]
                """),
            ("a failing ad", """
                "breaks": [{"id": "mid", "at": 5, "ads": [{"id": "gone", "duration": 4, "asset": "{BASE}/missing.m3u8"},
                                                          {"id": "m2", "duration": 4, "asset": "{BASE}/ad2.m3u8"}]}],
                "actions": [{"do": "start"}, {"do": "playToEnd"}]
                """),
            ("stitched SSAI break, sought over", """
                "stream": {"type": "vod", "contentDuration": 12, "insertion": "inStream", "url": "{BASE}/stitched.m3u8"},
                "policy": {"preset": "snapback"},
                "breaks": [{"id": "ssai", "at": 6, "ads": [{"id": "s1", "duration": 4}]}],
                "actions": [{"do": "start"}, {"do": "play", "for": 2}, {"do": "seek", "to": {"content": 9}}, {"do": "playToEnd"}]
                """),
        ]

        /// A viewing event as the two runs are compared: its kind with its
        /// break and ad, and its stream time.
        struct Viewing: Equatable {
            var label: String
            var stream: Double
        }

        /// The events a viewer sees: session, break and ad start and end,
        /// skips, seeks, content start, blackouts, ad errors.
        static func viewing(_ events: [SessionEvent]) -> [Viewing] {
            events.compactMap { event in
                let label: String? = switch event.kind {
                case .sessionStart, .sessionEnd, .contentStart: event.name
                case .adBreakStart(let id), .adBreakEnd(let id): "\(event.name) \(id)"
                case .adStart(let id, let ad), .adEnd(let id, let ad): "\(event.name) \(id)/\(ad)"
                case .adError(let id, let ad, let failure): "adError \(id)/\(ad) \(failure.vastCode)"
                case .adBreakSkip(let id, let reason): "adBreakSkip \(id) \(reason.rawValue)"
                case .seek(let kind, _), .seekDenied(let kind, _): "\(event.name) \(kind.rawValue)"
                case .blackoutStart(let blackout, _), .blackoutEnd(let blackout): "\(event.name) \(blackout.id)"
                default: nil
                }
                return label.map { Viewing(label: $0, stream: event.stream.seconds) }
            }
        }

        /// One scenario's comparison, a row of the table.
        struct Row {
            var name: String
            var simulated: [Viewing]
            var real: [Viewing]
            var realOnly: [String]
            var latencies: [Double]
            var sameSequence: Bool { simulated.map(\.label) == real.map(\.label) }
            var largestDifference: Double {
                zip(simulated, real).map { abs($0.stream - $1.stream) }.max() ?? 0
            }
            var differences: String {
                guard sameSequence else {
                    let first = Array(zip(simulated, real)).firstIndex { $0.label != $1.label } ?? min(simulated.count, real.count)
                    return "from event \(first + 1): simulated \(simulated.dropFirst(first).prefix(3).map(\.label)), mpv \(real.dropFirst(first).prefix(3).map(\.label))"
                }
                let worst = zip(simulated, real).max { abs($0.0.stream - $0.1.stream) < abs($1.0.stream - $1.1.stream) }
                return worst.map { String(format: "largest at %@: %.3f s vs %.3f s", $0.0.label, $0.0.stream, $0.1.stream) } ?? "-"
            }
        }

        @MainActor @Test func everyScenario_playsTheSameOnMpvAsInTheSimulation() async throws {
            guard RealPlayerTools.canRun() else { return }
            let server = try await TestMedia.server()
            await server.serve("/missing.m3u8", .status(404))
            let base = await server.url("")
            var rows: [Row] = []
            for (name, body) in Self.scenarios {
                do {
                    rows.append(try await Self.compare(name, json: Self.file(body, base: base)))
                } catch {
                    Issue.record("\(name): \(error)")
                }
            }
            await server.stop()
            print(Self.table(rows))
            for row in rows {
                #expect(row.sameSequence, "\(row.name): \(row.differences)")
                #expect(row.largestDifference <= Self.tolerance, "\(row.name): \(row.differences)")
            }
            #expect(rows.count == Self.scenarios.count)
        }

        /// The scenario file: the body, mpv-like player options, the stream
        /// unless the body names its own, every `{BASE}` the server's URL.
        static func file(_ body: String, base: String) -> [UInt8] {
            let stream = body.contains("\"stream\"") ? "" : #""stream": {"type": "vod", "contentDuration": 12, "insertion": "inserted", "url": "{BASE}/content.m3u8"},"#
            let failing = body.contains("missing.m3u8") ? #", "failAds": ["gone"]"# : ""
            let player = mpvLike.replacingOccurrences(of: "}", with: failing + "}")
            let text = "{\(stream)\n\(player),\n\(body)}"
            return Array(text.replacingOccurrences(of: "{BASE}", with: base.hasSuffix("/") ? String(base.dropLast()) : base).utf8)
        }

        /// Plays the scenario both ways.
        @MainActor static func compare(_ name: String, json: [UInt8]) async throws -> Row {
            let scenario = try Scenario.decode(json: json)
            let simulated = try await scenario.run()
            let mpv = try MPVPlayer(mainURL: try #require(scenario.streamURL))
            defer { mpv.stop() }
            let real = try await scenario.runInRealTime(
                on: RealPlayer(adapter: mpv, connect: { mpv.reporter = $0 }) {
                    mpv.latest.map { PlayerPosition(item: $0.item, position: $0.position) }
                },
                resolvers: [])
            return Row(
                name: name, simulated: viewing(simulated.events), real: viewing(real.events),
                realOnly: real.events.filter { ["stall", "stallEnd", "resync"].contains($0.name) }.map { "\($0.name)@\($0.stream.seconds)" },
                latencies: readyLatencies(real.events))
        }

        /// For each ready, the wall time since the event that asked for the
        /// presentation (the last one before it that is not a ready).
        static func readyLatencies(_ events: [SessionEvent]) -> [Double] {
            var asked: ClockTime?
            var latencies: [Double] = []
            for event in events {
                if event.name == "ready" {
                    if let asked { latencies.append((event.clock - asked).seconds) }
                } else {
                    asked = event.clock
                }
            }
            return latencies
        }

        static func table(_ rows: [Row]) -> String {
            var text = "\nSimulation (mpv-like player) against mpv: viewing events and stream times (tolerance \(tolerance) s)\n"
            text += "| scenario | events | same sequence | largest stream difference | only on mpv | ready latency (median) |\n|---|---|---|---|---|---|\n"
            for row in rows {
                let latencies = row.latencies.sorted()
                let median = latencies.isEmpty ? "-" : String(format: "%.0f ms", latencies[latencies.count / 2] * 1000)
                text += "| \(row.name) | \(row.simulated.count) / \(row.real.count) | \(row.sameSequence ? "yes" : "no") | "
                    + String(format: "%.3f s", row.largestDifference) + " | \(row.realOnly.isEmpty ? "-" : row.realOnly.joined(separator: ", ")) | \(median) |\n"
            }
            for row in rows where !row.sameSequence || row.largestDifference > tolerance {
                text += "\(row.name): \(row.differences)\n"
            }
            return text
        }
    }
}
