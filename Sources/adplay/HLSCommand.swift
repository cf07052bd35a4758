import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
            segment count, then every opportunity and blackout with times and decoded SCTE-35. \
            --json prints one object: kind, duration, segments, opportunities, blackouts, warnings \
            (variants and media for a multivariant playlist). --summary prints the counts only.
            """
    )

    @Argument(help: "A playlist file, - for standard input, or an http(s) URL.")
    var source: String

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "Print the counts only: segments, opportunities, blackouts, warnings.")
    var summary = false

    @Option(help: "Seconds to wait for a URL.")
    var timeout: Double = 10

    @Option(help: "The longest line accepted, in bytes.")
    var maxLineLength = 1 << 20

    @Option(help: "The most lines accepted.")
    var maxLines = 1_000_000

    @Option(help: "A tag to report every occurrence of as timed metadata, e.g. #EXT-OATCLS-SCTE35 (repeatable).")
    var subscribe: [String] = []

    func validate() throws {
        if json, summary { throw ValidationError("--json and --summary are exclusive") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard maxLineLength > 0, maxLines > 0 else { throw ValidationError("limits must be positive") }
    }

    func run() async throws {
        let bytes = try await PlaylistSource.load(source, timeout: timeout)
        var options = ParseOptions()
        options.maxLineLength = maxLineLength
        options.maxLines = maxLines
        options.subscribedTags = Set(subscribe)
        let playlist: Playlist
        do {
            playlist = try PlaylistParser(options: options).parse(bytes)
        } catch {
            throw CLIError("\(source): \(error)")
        }
        if summary {
            print(PlaylistReport.summary(playlist), terminator: "")
        } else if json {
            print(PlaylistJSON.string(playlist), terminator: "")
        } else {
            print(PlaylistReport.text(playlist), terminator: "")
        }
    }
}

/// Reads a playlist from a file, standard input or an http(s) URL.
enum PlaylistSource {
    static func load(_ source: String, timeout: Double) async throws -> [UInt8] {
        if source == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return try await fetch(url, timeout: timeout)
        }
        return try FileBytes.read(source)
    }

    private static func fetch(_ url: URL, timeout: Double) async throws -> [UInt8] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(from: url)
        } catch {
            throw CLIError("cannot fetch \(url.absoluteString): \(error.localizedDescription)")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw CLIError("cannot fetch \(url.absoluteString): HTTP \(http.statusCode)")
        }
        return Array(data)
    }
}
