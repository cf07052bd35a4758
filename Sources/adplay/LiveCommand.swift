import AdLive
import AdSignals
import AdTransport
import ArgumentParser
import Foundation
import HLS
import MediaTime
import LiveReport

struct LiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Follow a live HLS playlist, or record one and replay the recording.",
        subcommands: [LiveWatch.self, LiveRecord.self]
    )
}

struct LiveWatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a live media playlist (or replay a recording) and print what happens as it happens.",
        discussion: """
            Prints refreshes, ad opportunities as they start, change and end, subscribed tags the first \
            time a refresh reveals them, blackouts for this device as its programme signals start and end \
            them (and programme signals that do not restrict it, with why), origin errors, stale \
            playlists, gaps, window resets and the end. \
            A recording directory (from `adplay live record`) is replayed on a virtual clock, instantly. \
            Exits 0 at --for or at EXT-X-ENDLIST, 1 if the first load fails; later faults never exit.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "The media playlist's http(s) URL, or a recording directory.")
    var source: String

    @Option(name: .customLong("for"), help: "Seconds to follow (default: until EXT-X-ENDLIST, or a recording's end).")
    var seconds: Double?

    @OptionGroup var output: FormatOption<TextOrJSONLines>
    var jsonl: Bool { output.value == .jsonl }

    @Option(help: "A tag to report as timed metadata besides the ad and blackout tags, as written in the playlist, with or without its # (repeatable).")
    var subscribe: [String] = []

    @OptionGroup var device: DeviceOptions

    func validate() throws {
        try SecondsLimit.year.check(seconds, option: "--for")
    }

    func run() async throws {
        var options = LiveOptions()
        options.parse.subscribedTags.formUnion(subscribe.map { $0.hasPrefix("#") ? $0 : "#" + $0 })
        options.stopIfFirstLoadFails = true
        options.device = device.policy
        let limit = seconds.map { Network.duration(seconds: $0) }
        var printed = Printer(jsonl: jsonl)
        if let url = Network.url(source) {
            let source = LiveSource(url: url, client: Network.client, options: options, logger: logging.logger)
            let follower = await source.follow(for: limit) { update, follower in printed.print(update, follower) }
            if follower.live == nil { throw CLIError("\(url.absoluteString): the first load failed: \(printed.lastError ?? "no answer")") }
            return
        }
        let recording: LiveRecording
        do {
            recording = try LiveRecording(directory: URL(fileURLWithPath: source, isDirectory: true))
        } catch {
            throw CLIError("\(error)")
        }
        let follower = LiveReplay.follow(recording, options: options, for: limit.map(MediaDuration.init), url: source) {
            printed.print($0, $1)
        }
        if follower.live == nil { throw CLIError("\(source): the first recorded playlist does not load: \(printed.lastError ?? "")") }
    }
}

/// Prints updates as they come, and the window's non-seekable ranges (its
/// ended blackouts) whenever they change; remembers the last origin error.
private struct Printer {
    let jsonl: Bool
    var lastError: String?
    private var ranges = NonSeekableLines()

    init(jsonl: Bool) { self.jsonl = jsonl }

    mutating func print(_ update: LiveSource.Update, _ follower: LiveFollower) {
        if case .originError(_, let status, let reason, _) = update.event {
            lastError = (status.map { "HTTP \($0): " } ?? "") + reason
        }
        write(jsonl ? LiveLines.json(update) : Array((LiveLines.text(update) + "\n").utf8))
        if let line = ranges.take(update, windowStart: follower.live?.playlist.segments.first?.start, jsonl: jsonl) {
            write(line)
        }
    }

    private func write(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
}

struct LiveRecord: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a live media playlist: each distinct body as DIR/NNNNN.m3u8, and DIR/index.json.",
        discussion: "Replay the recording with `adplay live watch DIR`, or in a scenario's live stream."
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "The media playlist's http(s) URL.")
    var url: String

    @Argument(help: "The directory to write (created if missing; must not hold a recording already).")
    var directory: String?

    /// The directory as the option it replaces names it, for one release.
    @Option(name: .customLong("out"), help: .hidden)
    var outAlias: String?

    @Option(name: .customLong("for"), help: "Seconds to record (default: until EXT-X-ENDLIST).")
    var seconds: Double?

    func validate() throws {
        try SecondsLimit.year.check(seconds, option: "--for")
        guard Network.url(url) != nil else { throw ValidationError("\(url) is not an http or https URL") }
        switch (directory, outAlias) {
        case (nil, nil): throw ValidationError("give the directory to record into: adplay live record URL DIR")
        case (let directory?, let alias?) where directory != alias:
            throw ValidationError("the directory is given twice, \(directory) and --out \(alias); give it once")
        default: break
        }
    }

    /// The directory to write (validated first).
    var out: String { directory ?? outAlias ?? "" }

    func run() async throws {
        let directory = URL(fileURLWithPath: out, isDirectory: true)
        let index = directory.appendingPathComponent("index.json")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(out): the directory cannot be created")
        }
        guard !FileManager.default.fileExists(atPath: index.path) else {
            throw CLIError("\(out) already holds a recording (index.json); choose another directory")
        }
        let recorder = Recorder(directory: directory)
        var options = LiveOptions()
        options.stopIfFirstLoadFails = true
        let source = LiveSource(url: Network.url(url)!, client: Network.client, options: options, logger: logging.logger)
        let follower = await source.follow(for: seconds.map { Network.duration(seconds: $0) }, bodies: { clock, body in
            await recorder.take(body, at: clock, from: url)
        }) { update in Swift.print(LiveLines.text(update)) }
        let count = await recorder.count
        guard count > 0, follower.live != nil else { throw CLIError("\(url): nothing was recorded: the first load failed") }
        Swift.print("recorded \(count) playlist\(count == 1 ? "" : "s") in \(out)")
    }
}

/// Writes each distinct body, and the index after each, so an interrupted
/// recording is still a recording.
private actor Recorder {
    let directory: URL
    private var entries: [(at: ClockTime, file: String, url: String?)] = []
    private var last: [UInt8]?

    init(directory: URL) { self.directory = directory }

    var count: Int { entries.count }

    func take(_ body: [UInt8], at clock: ClockTime, from url: String) {
        guard body != last else { return }
        last = body
        let file = String(format: "%05d.m3u8", entries.count + 1)
        entries.append((clock, file, url))
        try? Data(body).write(to: directory.appendingPathComponent(file), options: .atomic)
        try? Data(LiveRecording.index(entries)).write(to: directory.appendingPathComponent("index.json"), options: .atomic)
    }
}
