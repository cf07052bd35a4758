import Foundation
import Testing

/// What `adplay` prints for every conformance file the repository carries
/// (the HLS playlists, the VAST and VMAP documents, the SCTE-35 samples),
/// in every format: exit status, standard output and standard error, byte
/// for byte. The manifest holds each run's length and 64-bit FNV-1a digest,
/// written by the release before the start-up and bulk-speed work, so a
/// faster path can change nothing a user or a script reads.
///
/// VAST wrappers are left out: resolving one fetches its ad tag, and what
/// that fetch answers depends on the machine's network, not on us.
///
/// To record the manifest again (only when an output is meant to change):
/// `ADPLAY_RECORD_CONFORMANCE_OUTPUTS=1 swift test --filter ConformanceOutputTests`.
@Suite struct ConformanceOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let manifest = root.appendingPathComponent("Tests/AdplayTests/Fixtures/ConformanceOutputs.tsv")
    static let recording = ProcessInfo.processInfo.environment["ADPLAY_RECORD_CONFORMANCE_OUTPUTS"] == "1"

    /// Every command line checked, with paths from the repository's root.
    static let commands: [[String]] = {
        var commands: [[String]] = []
        for playlist in files(under: "Tests/HLSTests/Fixtures", suffix: ".m3u8") {
            commands.append(["hls", "inspect", playlist])
            commands.append(["hls", "inspect", playlist, "--format", "json"])
            commands.append(["hls", "inspect", playlist, "--summary"])
        }
        for document in files(under: "Tests/VASTTests/Fixtures/vmap", suffix: ".xml") {
            commands.append(["vmap", "inspect", document])
            commands.append(["vmap", "inspect", document, "--format", "json"])
        }
        for document in files(under: "Tests/VASTTests/Fixtures/vast", suffix: ".xml") where !isWrapper(document) {
            commands.append(["vast", "resolve", document])
            commands.append(["vast", "resolve", document, "--format", "json"])
        }
        for payload in section14Payloads {
            commands.append(["scte35", "decode", payload])
            commands.append(["scte35", "decode", payload, "--format", "json"])
        }
        return commands
    }()

    static func files(under directory: String, suffix: String) -> [String] {
        let base = root.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted().map { "\(directory)/\($0)" }
    }

    static func isWrapper(_ path: String) -> Bool {
        let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return text.contains("VASTAdTagURI")
    }

    /// SCTE 35 2020 §14's samples: the `Base64=` lines of the sample file.
    static let section14Payloads: [String] = {
        let text = (try? String(contentsOf: root.appendingPathComponent(section14File), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("Base64=") }.map { String($0.dropFirst("Base64=".count)) }
    }()

    static let section14File = "Tests/SCTE35Tests/Fixtures/scte35-2020-section14.txt"

    /// One run's record: `command<TAB>status<TAB>stdout length<TAB>digest<TAB>stderr length<TAB>digest`.
    static func record(_ label: String, _ output: AdplayRunner.Output) -> String {
        let out = Array(output.stdout.utf8)
        let err = Array(output.stderr.utf8)
        return [label, "\(output.status)", "\(out.count)", digest(out), "\(err.count)", digest(err)]
            .joined(separator: "\t")
    }

    /// 64-bit FNV-1a, in hex.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static func run(_ command: [String], input: String? = nil, label: String? = nil) async throws -> String {
        record(label ?? command.joined(separator: " "), try await AdplayRunner.runInBackground(command, input: input, in: root))
    }

    /// The stdin form over the whole sample file: one result a line, failures included.
    static let bulkCommands: [(command: [String], input: String, label: String)] = {
        let text = (try? String(contentsOf: root.appendingPathComponent(section14File), encoding: .utf8)) ?? ""
        let payloads = section14Payloads.joined(separator: "\n") + "\n"
        let mixed = payloads + "not base64\n\n0xFC30\n"
        return [
            (["scte35", "decode", "-"], payloads, "scte35 decode - < the samples"),
            (["scte35", "decode", "-", "--format", "json"], payloads, "scte35 decode - --format json < the samples"),
            (["scte35", "decode", "-"], text, "scte35 decode - < \(section14File)"),
            (["scte35", "decode", "-", "--format", "json"], text, "scte35 decode - --format json < \(section14File)"),
            (["scte35", "decode", "-"], mixed, "scte35 decode - < the samples and three bad lines"),
            (["scte35", "decode", "-", "--format", "json"], mixed, "scte35 decode - --format json < the samples and three bad lines"),
        ]
    }()

    @Test func theConformanceFiles_areFound() {
        #expect(Self.files(under: "Tests/HLSTests/Fixtures", suffix: ".m3u8").count >= 40)
        #expect(Self.files(under: "Tests/VASTTests/Fixtures/vast", suffix: ".xml").filter { !Self.isWrapper($0) }.count >= 60)
        #expect(Self.section14Payloads.count == 8)
    }

    @Test func everyOutput_isWhatItWasBefore() async throws {
        var records: [String] = []
        for command in Self.commands { records.append(try await Self.run(command)) }
        for bulk in Self.bulkCommands { records.append(try await Self.run(bulk.command, input: bulk.input, label: bulk.label)) }
        if Self.recording {
            try Data((records.joined(separator: "\n") + "\n").utf8).write(to: Self.manifest)
            return
        }
        let expected = try String(contentsOf: Self.manifest, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(records.count == expected.count, "the manifest lists \(expected.count) runs; \(records.count) ran")
        for (record, before) in zip(records, expected) {
            #expect(record == before, "changed: \(record.split(separator: "\t").first ?? "")")
        }
    }
}
