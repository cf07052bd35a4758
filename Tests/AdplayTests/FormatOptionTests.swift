import Foundation
import Testing

/// One `--format` option on every command, each with the formats it
/// supports; the flags it replaced (`--json`, `--jsonl`) are hidden
/// aliases that print the same bytes.
@Suite struct FormatOptionTests {
    static let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\na.ts\n#EXT-X-CUE-OUT:20\n#EXTINF:10.0,\nad.ts\n#EXT-X-CUE-IN\n#EXTINF:10.0,\nb.ts\n"
    static let payload = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="

    @Test(arguments: [
        (["hls", "inspect", "-"], "--json", "json", playlist),
        (["scte35", "decode", payload], "--json", "json", ""),
        (["demo"], "--jsonl", "jsonl", ""),
    ])
    func theOldFlag_printsWhatFormatPrints(command: [String], alias: String, format: String, input: String) async throws {
        let aliased = try await AdplayRunner.runInBackground(command + [alias], input: input.isEmpty ? nil : input)
        let formatted = try await AdplayRunner.runInBackground(command + ["--format", format], input: input.isEmpty ? nil : input)
        #expect(formatted.status == 0, "\(formatted.stderr)")
        #expect(!formatted.stdout.isEmpty)
        #expect(aliased.stdout == formatted.stdout)
        #expect(aliased.status == formatted.status)
    }

    @Test(arguments: [
        (["hls", "inspect", "-", "--format", "jsonl"], "--format jsonl is not a format of this command; it prints text or json"),
        (["demo", "--format", "json"], "--format json is not a format of this command; it prints text or jsonl"),
        (["hls", "inspect", "-", "--json", "--format", "text"], "--json and --format text disagree"),
        (["live", "watch", "http://127.0.0.1:9/x.m3u8", "--jsonl", "--format", "text"], "--jsonl and --format text disagree"),
    ])
    func aFormatACommandDoesNotPrint_isRefused(arguments: [String], message: String) async throws {
        let output = try await AdplayRunner.runInBackground(arguments, input: Self.playlist)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test(arguments: [
        (["scte35", "decode"], "text|json"), (["hls", "inspect"], "text|json"), (["vast", "resolve"], "text|json"),
        (["vmap", "inspect"], "text|json"), (["live", "watch"], "text|jsonl"), (["ssai", "start"], "text|jsonl"),
        (["beacons", "list"], "text|jsonl"), (["demo"], "text|jsonl"), (["simulate"], "text|jsonl"),
    ])
    func everyCommandsHelp_showsFormat_andNotTheOldFlags(command: [String], formats: String) async throws {
        let output = try await AdplayRunner.runInBackground(command + ["--help"])
        #expect(output.stdout.contains("--format <\(formats)>"), "\(command): \(output.stdout)")
        #expect(!output.stdout.contains("--json"), "\(command): \(output.stdout)")
    }
}
