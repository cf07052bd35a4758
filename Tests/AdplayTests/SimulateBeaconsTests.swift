import AdPlaybackTestSupport
import AdOutbox
import Foundation
import Testing

/// The journal of an outbox directory, read the way a test checks it.
struct JournalFile {
    struct Beacon: Hashable {
        var seq: Int
        var identity: String
        var url: String
    }

    var beacons: [Beacon] = []
    var sent: Set<Int> = []

    init(directory: String) throws {
        let path = directory + "/journal.jsonl"
        try #require(FileManager.default.fileExists(atPath: path), "the outbox keeps its journal at \(path)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n").dropFirst() {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let seq = try #require(record["seq"] as? Int)
            switch record["op"] as? String {
            case "beacon":
                // The session's ordinal, not the run's random prefix: runs compare.
                let session = (record["session"] as? String)?.split(separator: "/").last.map(String.init) ?? ""
                let identity = [session, record["break"], record["ad"], record["tracking"], record["occurrence"], record["instance"],
                                record["slot"]].map { "\($0 ?? "")" }.joined(separator: "|")
                beacons.append(Beacon(seq: seq, identity: identity, url: try #require(record["url"] as? String)))
            case "sent":
                sent.insert(seq)
            default:
                break
            }
        }
    }
}

/// `adplay simulate --beacons DIR`, `adplay beacons flush` and `list`: the
/// beacons of a VMAP episode, journaled and sent to a loopback collector.
@Suite(.serialized) struct SimulateBeaconsTests {
    private func outbox() -> String { FileManager.default.temporaryDirectory.appendingPathComponent("beacons-\(UUID().uuidString)").path }

    private func withEpisode(
        collector: LoopbackBeaconCollector, _ body: (_ scenario: String) async throws -> Void
    ) async throws {
        try await collector.start()
        defer { Task { await collector.stop() } }
        try await LoopbackAdServer.with { server in
            await BeaconEpisode.serve(on: server, collector: await collector.url(""))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("episode-\(UUID().uuidString).json")
            try Data(BeaconEpisode.scenario(vmap: await server.url("/vmap")).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            try await body(file.path)
        }
    }

    @Test func beaconLines_followTheirEvents_andTheCollectorGetsEachOnce() async throws {
        let collector = LoopbackBeaconCollector()
        let directory = outbox()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withEpisode(collector: collector) { scenario in
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl", "--beacons", directory])
            #expect(output.status == 0, "\(output.stderr)")
            let beacons = output.events.filter { $0["event"] as? String == "beacon" }
            #expect(beacons.count == BeaconEpisode.expected.values.reduce(0, +))
            // The impression of the first ad comes right after its adStart, with the identity and the URL as sent.
            let adStart = try #require(output.events.firstIndex { $0["event"] as? String == "adStart" })
            let first = output.events[adStart + 1]
            #expect(first["tracking"] as? String == "impression" && first["break"] as? String == "pre" && first["ad"] as? String == "pre-a1")
            #expect(first["occurrence"] as? Int == 1)
            let url = try #require(first["url"] as? String)
            #expect(url.range(of: #"/t/pre-a1/impression\?cb=[0-9]{8}&ts=20[0-9-]+T[0-9]{2}%3A[0-9]{2}%3A[0-9.]+Z$"#, options: .regularExpression) != nil, "\(url)")
            let midpoint = try #require(beacons.first { $0["tracking"] as? String == "midpoint" && $0["ad"] as? String == "mid2-a1" })
            #expect(midpoint["clock"] as? Double == 65, "pre-roll 20 s, content 40 s, then 5 s into mid2")
            let received = await collector.received.map { String($0.prefix { $0 != "?" }) }
            #expect(received.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 } == BeaconEpisode.expected)

            let list = try await AdplayRunner.runInBackground(["beacons", "list", directory, "--jsonl"])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.events.count == beacons.count)
            #expect(list.events.allSatisfy { $0["state"] as? String == "sent" && $0["status"] as? Int == 204 })
            #expect(list.events.map { $0["url"] as? String } == beacons.map { $0["url"] as? String })
            let text = try await AdplayRunner.runInBackground(["beacons", "list", directory])
            #expect(text.stdout.hasPrefix("\(beacons.count) beacons: 0 pending, \(beacons.count) settled\n#1 sent 204 "), "\(text.stdout)")
        }
    }

    @Test func withoutBeacons_nothingIsSent() async throws {
        let collector = LoopbackBeaconCollector()
        try await withEpisode(collector: collector) { scenario in
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.events.contains { $0["event"] as? String == "beacon" })
            #expect(await collector.requestCount == 0)
        }
    }

    @Test func flush_exits1WithASummary_whenBeaconsStayPending_and0WhenNoneIs() async throws {
        let directory = outbox()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let collector = LoopbackBeaconCollector()
        try await withEpisode(collector: collector) { scenario in
            // The collector is down: every beacon stays pending.
            await collector.stop()
            let output = try await AdplayRunner.runInBackground(
                ["simulate", scenario, "--format", "jsonl", "--beacons", directory, "--beacon-timeout", "0.5"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stderr.contains("adplay: beacons: 0 sent, 0 dropped, 44 pending (last errors: "), "\(output.stderr)")
            #expect(output.stderr.contains("; `adplay beacons flush \(directory)` sends what is pending"), "\(output.stderr)")
            let failed = try await AdplayRunner.runInBackground(["beacons", "flush", directory, "--timeout", "0.5"])
            #expect(failed.status == 1)
            #expect(failed.stdout.contains("0 sent, 0 dropped, 44 pending"), "\(failed.stdout)")
        }
        let list = try await AdplayRunner.runInBackground(["beacons", "list", directory, "--jsonl"])
        #expect(list.events.count == 44 && list.events.allSatisfy { $0["state"] as? String == "pending" })
        let empty = outbox()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let nothing = try await AdplayRunner.runInBackground(["beacons", "flush", empty])
        #expect(nothing.status == 0)
        #expect(nothing.stdout.contains("0 sent, 0 dropped, 0 pending"))
    }

    /// The outbox's lock keeps a second process out while one holds it,
    /// and lets it in once released.
    @Test func anOutboxHeldByAnotherProcess_isRefused_untilItIsReleased() async throws {
        let directory = outbox()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let held = try BeaconJournal(directory: directory)
            let refused = try await AdplayRunner.runInBackground(["beacons", "flush", directory])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("\(directory): another process has this beacon outbox open"), "\(refused.stderr)")
            _ = held
        }
        let taken = try await AdplayRunner.runInBackground(["beacons", "flush", directory])
        #expect(taken.status == 0, "\(taken.stderr)")
    }

    @Test func aDirectoryInUse_orNotAnOutbox_isAClearError() async throws {
        let directory = outbox()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("{\"format\":\"something else\"}\n".utf8).write(to: URL(fileURLWithPath: directory + "/journal.jsonl"))
        let output = try await AdplayRunner.runInBackground(["beacons", "flush", directory])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(directory)/journal.jsonl: line 1"), "\(output.stderr)")
    }
}
