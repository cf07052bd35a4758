import AdPlaybackTestSupport
import Foundation
import Testing

extension RealPlayerTests {
    /// `adplay simulate --player mpv`, as a QA person runs it: the scenario
    /// plays on a real mpv, and each event line is printed as it happens with
    /// what mpv itself reported.
    @Suite struct AdplayOnMPVTests {
        @MainActor @Test func simulateOnMpv_printsEachLineAsItHappens_withWhatMpvReported() async throws {
            guard RealPlayerTools.canRun() else { return }
            let server = try await TestMedia.server()
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

        /// A VMAP from the loopback ad server: a 5 s pre-roll, and a mid-roll
        /// at 6 s whose first ad's playlist answers 404. mpv plays the pre-roll
        /// item from its first frame to its end, the failing ad's Error URL
        /// reaches the loopback collector with 401 (and nothing else of it
        /// does), the break's next ad plays, and content follows to its end.
        @MainActor @Test func aVMAPFromTheAdServer_playsOnMpv_andAFailingAdCallsItsErrorURL() async throws {
            guard RealPlayerTools.canRun() else { return }
            let server = try await TestMedia.server()
            await server.serve("/missing.m3u8", .status(404))
            let base = String(await server.url("/").dropLast())
            for path in ["p1/impression", "p1/error", "m1/impression", "m1/error", "m2/impression", "m2/complete"] {
                await server.serve("/t/\(path)", .status(204))
            }
            await server.serve("/vmap.xml", .document(Self.vmap(base: base)))
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("adplay-vmap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("scenario.json")
            try Data("""
                {"stream": {"type": "vod", "contentDuration": 12, "url": "\(base)/content.m3u8"}, "vmap": "\(base)/vmap.xml",
                 "actions": [{"do": "start"}, {"do": "playToEnd"}]}
                """.utf8).write(to: file)
            let lines = try await Self.lines(of: [
                "simulate", file.path, "--player", "mpv", "--format", "jsonl", "--beacons", directory.appendingPathComponent("outbox").path,
            ])
            let requests = await server.requests
            await server.stop()

            let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any] }
            let viewing = events.compactMap { event -> String? in
                guard let name = event["event"] as? String, !["ready", "beacon", "stall", "stallEnd", "resync"].contains(name) else { return nil }
                return [name, event["ad"] as? String].compactMap(\.self).joined(separator: " ")
            }
            #expect(viewing == [
                "sessionStart", "adBreakStart", "adStart p1", "adEnd p1", "adBreakEnd", "contentStart",
                "adBreakStart", "adError m1", "adStart m2", "adEnd m2", "adBreakEnd", "contentStart", "sessionEnd",
            ], "\(viewing)")
            // mpv played the pre-roll item from its first frame to its end.
            let ready = try #require(events.first { $0["event"] as? String == "ready" && ($0["item"] as? String ?? "").contains("p1") })
            let adEnd = try #require(events.first { $0["event"] as? String == "adEnd" && $0["ad"] as? String == "p1" })
            let first = try #require(ready["landed"] as? Double)
            let last = try #require((adEnd["player"] as? [String: Any])?["position"] as? Double)
            #expect(abs(last - first - 5) <= 0.25, "the pre-roll item played from \(first) to \(last)")
            let error = try #require(events.first { $0["event"] as? String == "adError" })
            #expect(error["code"] as? Int == 401)
            // The collector: m1's Error URL with 401, and nothing else of m1.
            #expect(requests.contains("/t/m1/error?code=401"), "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("/t/m1/impression") })
            #expect(requests.contains { $0.hasPrefix("/t/p1/impression") } && requests.contains { $0.hasPrefix("/t/m2/complete") }, "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("/t/p1/error") })
            // Each beacon's line follows the event that fired it, as it happens.
            let names = events.map { [$0["event"] as? String, $0["tracking"] as? String].compactMap(\.self).joined(separator: " ") }
            let impression = try #require(names.firstIndex(of: "beacon impression"), "\(names)")
            #expect(names[..<impression].last { $0 != "beacon impression" } == "adStart", "\(names)")
            #expect(lines[impression].whileRunning, "the impression's line came while adplay ran")
        }

        /// The VMAP the ad server answers, its tracking on the same server.
        static func vmap(base: String) -> String {
            func ad(_ id: String, seconds: Int, file: String) -> String {
                """
                <Ad id="\(id)"><InLine><AdSystem>loopback</AdSystem><AdTitle>\(id)</AdTitle>
                <Error>\(base)/t/\(id)/error?code=[ERRORCODE]</Error><Impression>\(base)/t/\(id)/impression</Impression>
                <Creatives><Creative><Linear><Duration>00:00:0\(seconds)</Duration>
                <TrackingEvents><Tracking event="complete">\(base)/t/\(id)/complete</Tracking></TrackingEvents>
                <MediaFiles><MediaFile delivery="streaming" type="application/x-mpegURL" width="320" height="180">\(base)/\(file)</MediaFile></MediaFiles>
                </Linear></Creative></Creatives></InLine></Ad>
                """
            }
            return """
                <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
                <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">
                \(ad("p1", seconds: 5, file: "ad.m3u8"))
                </VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="mid" timeOffset="00:00:06"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">
                \(ad("m1", seconds: 4, file: "missing.m3u8").replacingOccurrences(of: "<Ad id", with: "<Ad sequence=\"1\" id"))
                \(ad("m2", seconds: 4, file: "ad2.m3u8").replacingOccurrences(of: "<Ad id", with: "<Ad sequence=\"2\" id"))
                </VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
                </vmap:VMAP>
                """
        }

        /// A run cut short, by its reader going away (`| head -1`) or by a
        /// termination, stops its mpv before adplay exits.
        @MainActor @Test(arguments: ["output closed", "terminated"])
        func aRunCutShort_leavesNoMpvBehind(how: String) async throws {
            guard RealPlayerTools.canRun() else { return }
            let server = try await TestMedia.server()
            let content = await server.url("/content.m3u8")
            let before = MPVPlayerTests.mpvProcesses()
            let socketsBefore = Self.socketDirectories()
            let process = Process()
            process.executableURL = try Self.adplay()
            process.arguments = ["simulate", "-", "--player", "mpv", "--format", "jsonl"]
            let input = Pipe()
            let out = Pipe()
            process.standardInput = input
            process.standardOutput = out
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: Data("""
                {"stream": {"type": "vod", "contentDuration": 12, "url": "\(content)"}, "actions": [{"do": "start"}, {"do": "playToEnd"}]}
                """.utf8))
            try input.fileHandleForWriting.close()
            let status: Int32 = await withCheckedContinuation { continuation in
                Thread {
                    _ = out.fileHandleForReading.availableData  // the first line: mpv is up
                    if how == "terminated" { process.terminate() } else { try? out.fileHandleForReading.close() }
                    process.waitUntilExit()
                    continuation.resume(returning: process.terminationStatus)
                }.start()
            }
            await server.stop()
            #expect(status == (how == "terminated" ? 128 + SIGTERM : 141))
            #expect(MPVPlayerTests.mpvProcesses().subtracting(before).isEmpty, "no mpv is left")
            #expect(Self.socketDirectories().subtracting(socketsBefore).isEmpty, "no socket is left")
        }

        /// A main stream mpv cannot load ends the run with a stream error and
        /// exit status 1, never a wait for a session that cannot play.
        @MainActor @Test func aMainStreamThatFails_endsTheRunWithAStreamError() async throws {
            guard RealPlayerTools.canRun() else { return }
            let server = LoopbackAdServer()
            try await server.start()
            await server.serve("/gone.m3u8", .status(404))
            let url = await server.url("/gone.m3u8")
            let process = Process()
            process.executableURL = try Self.adplay()
            process.arguments = ["simulate", "-", "--player", "mpv", "--format", "jsonl"]
            let input = Pipe()
            let out = Pipe()
            let err = Pipe()
            (process.standardInput, process.standardOutput, process.standardError) = (input, out, err)
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: Data("""
                {"stream": {"type": "vod", "contentDuration": 12, "url": "\(url)"}, "actions": [{"do": "start"}, {"do": "playToEnd"}]}
                """.utf8))
            try input.fileHandleForWriting.close()
            let (stdout, stderr): (String, String) = await withCheckedContinuation { continuation in
                Thread {
                    let stdout = out.fileHandleForReading.readDataToEndOfFile()
                    let stderr = err.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)))
                }.start()
            }
            await server.stop()
            #expect(process.terminationStatus == 1)
            #expect(stdout.contains(#""event":"error""#) && stdout.contains("the main stream failed"), "\(stdout)")
            #expect(stdout.contains(#""event":"sessionEnd""#), "the session was stopped: \(stdout)")
            #expect(stderr.contains("the run ended: the main stream failed"), "\(stderr)")
        }

        /// mpv's private socket directories in the temporary directory.
        static func socketDirectories() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []).filter { $0.hasPrefix("mpv-") })
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
}
