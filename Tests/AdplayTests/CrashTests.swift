import AdPlaybackTestSupport
import Foundation
import Testing

/// kill -9 at random moments: the beacon outbox loses nothing and sends
/// nothing twice but what was in flight; a bookmark file is always whole.
@Suite(.serialized) struct CrashTests {
    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    /// Complete lines of `path` that contain `marker`: what a running
    /// process has written so far (a line being written is not counted).
    private static func completeLines(in path: String, containing marker: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        guard let last = data.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        return String(decoding: data[...last], as: UTF8.self).split(separator: "\n").filter { $0.contains(marker) }.count
    }

    /// The episode with `--beacons` against a slow collector, killed at 50
    /// moments spread over its run (once the journal holds a drawn number
    /// of beacons, none to all), each followed by `adplay beacons flush`: the
    /// collector gets exactly what the journal recorded, each once but for
    /// at most 4 in flight at the kill, and the journal is a prefix, in
    /// order, of the uninterrupted run's beacons.
    @Test func beaconsSurviveKill9() async throws {
        let collector = LoopbackBeaconCollector(latency: .milliseconds(40))
        try await collector.start()
        defer { Task { await collector.stop() } }
        try await LoopbackAdServer.with { server in
            // Slow mid- and post-rolls: the run waits at each, so the kills land while beacons are journaled too.
            await BeaconEpisode.serve(on: server, collector: await collector.url(""),
                                      latency: ["/mid2": .milliseconds(150), "/mid1": .milliseconds(300), "/post": .milliseconds(450)])
            let scenario = temporary("episode") + ".json"
            try Data(BeaconEpisode.scenario(vmap: await server.url("/vmap")).utf8).write(to: URL(fileURLWithPath: scenario))
            defer { try? FileManager.default.removeItem(atPath: scenario) }

            let whole = temporary("outbox")
            defer { try? FileManager.default.removeItem(atPath: whole) }
            let uninterrupted = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl", "--beacons", whole])
            #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")
            let reference = try JournalFile(directory: whole).beacons.map(\.identity)
            #expect(reference.count == BeaconEpisode.expected.values.reduce(0, +))

            var generator = SplitMixGenerator(seed: 20261123)
            var killed = 0
            var journaled: [Int] = []
            var sentTwice = 0
            var targets: [Int] = []
            for round in 0..<50 {
                await collector.reset()
                let directory = temporary("outbox")
                defer { try? FileManager.default.removeItem(atPath: directory) }
                // The kill comes once the journal holds `target` beacons: from
                // none to all of them, and a few rounds past the end, which run whole.
                let target = Int(generator.next() % UInt64(reference.count + 4))
                let journalPath = directory + "/journal.jsonl"
                let wasKilled = try await AdplayRunner.runKilled(["simulate", scenario, "--format", "jsonl", "--beacons", directory]) {
                    Self.completeLines(in: journalPath, containing: #""op":"beacon""#) >= target
                }
                if wasKilled { killed += 1 }
                targets.append(target)
                let flush = try await AdplayRunner.runInBackground(["beacons", "flush", directory, "--timeout", "30"])
                #expect(flush.status == 0, "round \(round): \(flush.stdout) \(flush.stderr)")

                let journal = try JournalFile(directory: directory)
                journaled.append(journal.beacons.count)
                #expect(journal.beacons.map(\.identity) == Array(reference.prefix(journal.beacons.count)), "round \(round)")
                #expect(journal.sent == Set(journal.beacons.map(\.seq)), "round \(round): all sent after the flush")
                // The wrapper's impression and complete are one URL for two beacons: count URLs.
                let expected = journal.beacons.reduce(into: [String: Int]()) { $0[LoopbackBeaconCollector.key(for: $1.url), default: 0] += 1 }
                let received = await collector.counts
                #expect(Set(received.keys) == Set(expected.keys), "round \(round): the collector got exactly the journal's beacons")
                let extra = received.compactMap { key, count in count > expected[key, default: 0] ? (key, count - expected[key, default: 0]) : nil }
                #expect(extra.count <= 4 && extra.allSatisfy { $0.1 == 1 }, "round \(round): sent twice: \(extra)")
                #expect(received.allSatisfy { $0.value >= expected[$0.key, default: 0] }, "round \(round): every beacon arrived")
                sentTwice += extra.count
            }
            // The kills landed all along the run: before anything was journaled, mid-way, and after.
            // Each round's journal holds at least the beacons its kill waited for.
            for (target, count) in zip(targets, journaled) { #expect(count >= min(target, reference.count), "target \(target): \(count)") }
            #expect(killed >= targets.filter { $0 < reference.count }.count, "\(killed) of 50 runs were killed; targets \(targets.sorted())")
            #expect(Set(journaled.filter { $0 > 0 && $0 < reference.count }).count >= 3, "kills mid-journal: \(journaled.sorted())")
            print("beacon crash test: \(killed) of 50 runs killed, journals of \(journaled.sorted()) beacons, \(sentTwice) sent twice")
        }
    }

    /// A scenario that stops (saving a bookmark) 1,000 times, killed at 50
    /// moments spread over its run (once the bookmark file holds a drawn
    /// save, or at once): the file is missing (killed before the first
    /// save) or holds one whole bookmark, which the next run resumes from.
    @Test func bookmarksSurviveKill9() async throws {
        var actions = [#"{"do": "start"}"#, #"{"do": "play", "for": 1}"#, #"{"do": "stop"}"#]
        for _ in 1..<1_000 { actions += [#"{"do": "start", "from": "bookmark"}"#, #"{"do": "play", "for": 1}"#, #"{"do": "stop"}"#] }
        let scenario = temporary("saves") + ".json"
        try Data(#"{"stream": {"type": "vod", "contentDuration": 5000}, "actions": [\#(actions.joined(separator: ","))]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        let resume = temporary("resume") + ".json"
        try Data(#"{"stream": {"type": "vod", "contentDuration": 5000}, "actions": [{"do": "start", "from": "bookmark"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: resume))
        defer { try? FileManager.default.removeItem(atPath: resume) }

        var generator = SplitMixGenerator(seed: 7)
        var positions: [Int] = []
        var targets: [Int] = []
        for round in 0..<50 {
            let folder = temporary("bookmarks")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/bookmark.json"
            // Save n is at n s of content: the kill comes once a save at or past the target is on disk (0: at once).
            let target = Int(generator.next() % 1_000)
            targets.append(target)
            _ = try await AdplayRunner.runKilled(["simulate", scenario, "--format", "jsonl", "--bookmarks", file]) {
                target == 0 || Self.savedPosition(file) >= Double(target)
            }
            guard FileManager.default.fileExists(atPath: file) else {
                positions.append(0)
                continue
            }
            let resumed = try await AdplayRunner.runInBackground(["simulate", resume, "--format", "jsonl", "--bookmarks", file])
            #expect(resumed.status == 0, "round \(round): \(resumed.stderr)")
            let start = try #require(resumed.events.first { $0["event"] as? String == "sessionStart" }, "round \(round)")
            let content = try #require((start["content"] as? NSNumber)?.doubleValue)
            // Bookmark n was saved at n s: a whole one, never a mix.
            #expect(content >= 1 && content <= 1_000 && content == content.rounded(), "round \(round): \(content)")
            positions.append(Int(content))
            #expect(Int(content) >= target, "round \(round): killed after save \(target), resumed at \(content)")
        }
        #expect(Set(positions).count >= 10, "the kills landed at many saves: \(positions.sorted())")
        print("bookmark crash test: resumed at \(positions.sorted())")
    }

    /// The content time in seconds of the bookmark in `file`, or 0 while
    /// there is none (or, should a reader ever see one, a torn one).
    private static func savedPosition(_ file: String) -> Double {
        guard let data = FileManager.default.contents(atPath: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let ticks = (object["content"] as? NSNumber)?.doubleValue,
              let timescale = (object["timescale"] as? NSNumber)?.doubleValue, timescale > 0 else { return 0 }
        return ticks / timescale
    }
}
