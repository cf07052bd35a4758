import Foundation
import Testing

/// `Examples/MainActorApp`: an app that owns its runtime on the main actor,
/// over a main-actor player whose loads and seeks complete through
/// completion handlers. It compiles in Swift 6 mode with complete
/// concurrency checking (it is a target of this package), and it runs: the
/// VMAP session's missing ad fails with 401 and content plays on; the live
/// stream's cue plays as a break.
@Suite struct MainActorAppTests {
    @Test func theExampleRuns_bothSessionsToTheirEnd() throws {
        let process = Process()
        process.executableURL = try AdplayRunner.executable(named: "MainActorApp")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        let lines = text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        let vmap = lines.prefix { $0 != "live session:" }.filter { !$0.hasPrefix("ads shown") }
        let badge = lines.first { $0.hasPrefix("ads shown") }
        let live = lines.drop { $0 != "live session:" }
        func kinds(_ part: some Sequence<String>) -> [String] {
            part.compactMap { $0.split(separator: ": ", maxSplits: 1).dropFirst().first.map(String.init) }
        }
        #expect(kinds(vmap).filter { !$0.hasPrefix("ready") } == [
            "sessionStart", "adBreakStart pre", "adStart pre/p1", "adEnd pre/p1", "adBreakEnd pre", "contentStart",
            "adBreakStart mid", "adError mid/m1: 401 not found: https://ads.example/missing.mp4", "adBreakEnd mid", "contentStart",
            "sessionEnd",
        ])
        #expect(kinds(vmap).contains { $0.hasPrefix("ready") }, "the player's reports came back through the runtime")
        #expect(badge == "ads shown: 1", "the main-actor observer followed the session")
        #expect(kinds(live).filter { !$0.hasPrefix("ready") && !$0.hasPrefix("timedMetadata") } == [
            "sessionStart", "contentStart", "adBreakStart break-3", "adStart break-3/break-3/1", "adEnd break-3/break-3/1",
            "adBreakEnd break-3", "contentStart", "sessionEnd",
        ])
    }
}

extension MainActorAppTests {
    /// The example proves the design only if it escapes nothing: no
    /// unchecked or unsafe opt-outs, and nothing newer than Swift 6.1 (no
    /// isolated conformances, no `nonisolated(nonsending)`, no `@concurrent`).
    @Test func theExampleOptsOutOfNothing() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/MainActorApp")
            .standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        #expect(names.count >= 4)
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for banned in ["@unchecked", "nonisolated(unsafe)", "@preconcurrency", "nonisolated(nonsending)", "@concurrent",
                           "assumeIsolated", "@MainActor PlayerAdapter", ": @MainActor"] {
                #expect(!text.contains(banned), "\(name) uses \(banned)")
            }
        }
    }
}
