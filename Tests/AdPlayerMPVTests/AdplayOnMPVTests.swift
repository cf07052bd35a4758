import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay simulate --player mpv`, as a QA person runs it: the scenario
/// plays on a real mpv, and each event line is printed as it happens with
/// what mpv itself reported.
@Suite(.serialized) struct AdplayOnMPVTests {
    @MainActor @Test func simulateOnMpv_printsEachLineAsItHappens_withWhatMpvReported() async throws {
        guard RealPlayerTools.canRun() else { return }
        let server = LoopbackAdServer()
        try await server.start()
        for (name, bytes) in try TestMedia.standard() {
            await server.serve("/\(name)", .file(bytes, contentType: name.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t"))
        }
        let content = await server.url("/content.m3u8")
        let ad = await server.url("/ad2.m3u8")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("adplay-mpv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scenario.json")
        try Data("""
            {"stream": {"type": "vod", "contentDuration": 12, "url": "\(content)"},
             "breaks": [{"id": "pre", "at": 0, "insertion": "inserted", "ads": [{"id": "a1", "duration": 4, "asset": "\(ad)"}]}],
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """.utf8).write(to: file)
        let before = MPVPlayerTests.mpvProcesses()
        let lines = try await Self.lines(of: ["simulate", file.path, "--player", "mpv", "--format", "jsonl"])
        await server.stop()

        let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any] }
        #expect(events.count == lines.count, "every line is JSON: \(lines.map(\.text))")
        let names = events.map { $0["event"] as? String ?? "" }.filter { $0 != "ready" }
        #expect(names == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"], "\(names)")
        // Each line carries what mpv itself reported.
        let players = events.map { $0["player"] as? [String: Any] }
        #expect(players.allSatisfy { $0 != nil }, "every line has \"player\"")
        let adStart = try #require(events.firstIndex { $0["event"] as? String == "adStart" })
        #expect(players[adStart]?["item"] as? String == ad)
        let end = try #require(players.last ?? nil)
        #expect(end["item"] as? String == content)
        #expect((end["position"] as? Double ?? 0) > 11.5, "mpv reached the content's end: \(end)")
        // clock is wall seconds since the start: in order, and the content played for real.
        let clocks = events.compactMap { $0["clock"] as? Double }
        #expect(clocks == clocks.sorted())
        #expect((clocks.last ?? 0) > 15, "4 s of ad and 12 s of content played at real time: \(clocks)")
        // Flushed as each happens: the ad's end was read while adplay still ran.
        let adEnd = try #require(lines.first { $0.text.contains(#""event":"adEnd""#) })
        #expect(adEnd.whileRunning)
        #expect(MPVPlayerTests.mpvProcesses().subtracting(before).isEmpty, "no mpv is left")
    }

    /// One line of output, and whether the process still ran when it was read.
    struct Line {
        var text: String
        var whileRunning: Bool
    }

    /// Runs adplay and reads its standard output line by line as it comes.
    static func lines(of arguments: [String]) async throws -> [Line] {
        let process = Process()
        process.executableURL = try adplay()
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        // A thread of its own: reading blocks, and the loopback server needs the pool.
        return await withCheckedContinuation { continuation in
            Thread {
                var lines: [Line] = []
                var pending = Data()
                while true {
                    let chunk = out.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        lines.append(Line(text: String(decoding: pending[..<newline], as: UTF8.self), whileRunning: process.isRunning))
                        pending.removeSubrange(...newline)
                    }
                }
                process.waitUntilExit()
                continuation.resume(returning: lines)
            }.start()
        }
    }

    /// The built `adplay`, beside the test bundle.
    static func adplay() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
        let found = candidates.map { $0.appendingPathComponent("adplay") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "adplay is built beside the tests")
    }
}
