import ArgumentParser
import AdTransport
import Foundation
import HLS
import HLSReport

struct HLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hls",
        abstract: "Inspect HLS playlists: segments, ad opportunities, blackouts.",
        subcommands: [HLSInspect.self]
    )
}

struct HLSInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Parse a playlist and list its segments, ad opportunities and blackout signals.",
        discussion: """
            FILE|URL is a path, - for standard input, or an http(s) URL (fetched with a timeout; \
            an HTTP error status is an error). Text output gives the playlist's kind, duration and \
            segment count, then every opportunity with times and decoded SCTE-35, and the \
            blackouts the programme signals impose on the device --delivery, --region and \
            --device-group describe (default: a web device in region), with dates, planned ends \
            and why, and the programme signals that black out nothing. --format json prints one object: \
            kind, duration, segments, opportunities, blackouts, programSignals, warnings \
            (variants and media for a multivariant playlist). --summary prints the counts only.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "A playlist file, - for standard input, or an http(s) URL.")
    var source: String

    @OptionGroup var output: FormatOption<TextOrJSON>
    var json: Bool { output.value == .json }

    @Flag(help: "Print the counts only: segments, opportunities, blackouts, warnings.")
    var summary = false

    @Option(help: "Seconds to wait for a URL.")
    var timeout: Double = 10

    @Option(help: "The longest line accepted, in bytes.")
    var maxLineLength = 1 << 20

    @Option(help: "The most lines accepted.")
    var maxLines = 1_000_000

    @OptionGroup var device: DeviceOptions

    @Option(help: "A tag to report every occurrence of as timed metadata, with its line and stream time, e.g. EXT-X-PROGRAM-DATE-TIME or #EXT-OATCLS-SCTE35 (repeatable).")
    var subscribe: [String] = []

    func validate() throws {
        if json, summary { throw ValidationError("--format json and --summary are exclusive") }
        try SecondsLimit.hour.check(timeout, option: "--timeout")
        guard maxLineLength > 0, maxLines > 0 else { throw ValidationError("limits must be positive") }
    }

    func run() async throws {
        try await JSONErrorOutput.run(json: json, source: source) { try await inspect() }
    }

    private func inspect() async throws {
        let bytes = try await PlaylistSource.load(source, timeout: timeout)
        var options = ParseOptions()
        options.maxLineLength = maxLineLength
        options.maxLines = maxLines
        // Names as written in the playlist, with or without the leading `#`.
        options.subscribedTags = Set(subscribe.map { $0.hasPrefix("#") ? $0 : "#" + $0 })
        let playlist: Playlist
        do {
            playlist = try PlaylistParser(options: options).parse(bytes)
        } catch {
            throw CLIError("\(source): \(error)", fields: [
                ("kind", .text(error.kind.description)), ("line", .number(error.line)), ("tag", error.tag.map { .text($0) }),
            ].compactMap { name, value in value.map { (name, $0) } })
        }
        if summary {
            print(PlaylistReport.summary(playlist, device: device.policy), terminator: "")
        } else if json {
            print(PlaylistJSON.string(playlist, device: device.policy), terminator: "")
        } else {
            print(PlaylistReport.text(playlist, device: device.policy), terminator: "")
        }
        UntilExit.keep((bytes, playlist))
    }
}

/// Reads a playlist from a file, standard input or an http(s) URL.
enum PlaylistSource {
    /// The largest playlist fetched: a day-long DVR window is a few MB.
    static let maxBytes = 64 << 20

    static func load(_ source: String, timeout: Double) async throws -> [UInt8] {
        guard let url = Network.url(source) else { return try FileBytes.read(source, limit: maxBytes) }
        let limits = TransportLimits(maxBodyBytes: maxBytes, timeout: Network.duration(seconds: timeout))
        do {
            return try await Network.client.get(url, limits: limits)
        } catch {
            throw CLIError("cannot fetch \(error.url): \(error.message)", fields: [("url", .text(error.url))])
        }
    }
}
