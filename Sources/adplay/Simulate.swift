import AdTransport
import AdLive
import AdOutbox
import AdPlayback
import AdResolvers
import AdScenario
import AdSSAI
import AdStorage
import ArgumentParser
import Foundation
import Logging
import VAST

struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario file on a simulated player and print its events.",
        discussion: """
            A scenario lists its breaks, or names a VMAP ("vmap": a path relative to the scenario, or an \
            http(s) URL). The VMAP is read before the session starts; its breaks, placed by timeOffset \
            and named by breakId, enter the timeline as placeholders and resolve from their VAST while \
            the session plays, each within "resolveTimeout" seconds (default 8). Playback that reaches \
            a break still resolving waits for it; one unresolved by then is skipped (reason unresolved). \
            A live scenario plays a recorded stream ("stream": {"type": "live", "recording": DIR}, from \
            `adplay live record`): its breaks come from the stream's cues. A scenario with "ssai" \
            ({"endpoint", "fallback", "origin"}) starts that SSAI session first and plays what it gives: \
            a VOD session's avails are its breaks, its manifest gives the stream's length; the event \
            lines begin with the session's status.

            With --player mpv the scenario plays on a real mpv, at real time (headless unless --show): \
            the stream's "url" is the main stream, each inserted ad's "asset" the item mpv loads. The \
            event lines are printed as they happen; clock is wall seconds since the start, and each \
            line carries what mpv itself reported ("player": {"item", "position"}).
            """)

    @Argument(help: "The scenario JSON file, or - for standard input (paths in it are then relative to the current directory).")
    var scenario: String

    @OptionGroup var output: FormatOption<TextOrJSONLines>
    @OptionGroup var logging: VerboseOption
    var format: OutputFormat { output.value }

    @Option(help: "simulated (a headless player on a virtual clock) or mpv (a real mpv, at real time).")
    var player: PlayerChoice = .simulated

    @Option(help: "With --player mpv, the mpv executable (default: mpv on PATH).")
    var mpv: String?

    @Flag(help: "With --player mpv, open mpv's window to watch (headless by default).")
    var show = false

    @Option(help: "Also draw the session as an SVG picture to this file, titled with the scenario's description.")
    var svg: String?

    @Flag(help: "With --svg, let the stream axis span the whole stream, not just what was played and the breaks near it.")
    var full = false

    @Option(help: "A bookmark file: each stop saves its bookmark there, and `start from bookmark` reads it when the run has saved none, so a viewer resumes across runs (VOD scenarios).")
    var bookmarks: String?

    @Option(help: "An outbox directory: the ads' beacons are journaled there and sent for real to their URLs (jsonl adds a line per beacon). Without it nothing is sent.")
    var beacons: String?

    @Option(help: "With --beacons, how many seconds to keep sending after the run; what is left stays pending in the outbox for `adplay beacons flush` (more than 0, at most 3600).")
    var beaconTimeout: Double = 30

    func validate() throws {
        if player != .mpv, mpv != nil || show {
            throw ValidationError("--mpv and --show apply to --player mpv")
        }
        try SecondsLimit.hour.check(beaconTimeout, option: "--beacon-timeout")
    }

    func run() async throws {
        let bytes = try FileBytes.read(scenario, limit: Scenario.maxFileSize)
        // The whole file is checked before anything it names is fetched or read.
        do {
            try Scenario.validate(json: bytes)
        } catch {
            throw CLIError("\(scenario): \(error)")
        }
        var vmap: VMAPDocument?
        var recording: LiveRecording?
        var alternate: LiveRecording?
        var ssai: SSAIScenarioSession?
        let base = URL(fileURLWithPath: scenario).deletingLastPathComponent()
        func directory(_ path: String) -> URL { path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path) }
        do {
            if let (location, _) = try Scenario.vmapSource(json: bytes) {
                vmap = try await VMAPSource.read(location, relativeTo: scenario)
            }
            if let spec = try Scenario.ssaiSource(json: bytes) {
                ssai = try await Self.start(spec, logger: logging.logger)
            }
            if let path = try Scenario.liveRecordingSource(json: bytes) {
                recording = try LiveRecording(directory: directory(path))
            }
            if let alternatePath = try Scenario.alternateRecordingSource(json: bytes) {
                alternate = try LiveRecording(directory: directory(alternatePath))
            }
        } catch let error as ScenarioError {
            throw CLIError("\(scenario): \(error)")
        } catch let error as LiveRecordingError {
            throw CLIError("\(scenario): \(error)")
        }
        let outbox = try beacons.map { try BeaconOutboxFactory.open($0, logger: logging.logger) }
        let sender = outbox.map { outbox in Task { await outbox.run() } }
        if player == .mpv {
            let decoded: Scenario
            do {
                decoded = try Scenario.decode(json: bytes, vmap: vmap, recording: recording, alternate: alternate, ssai: ssai)
            } catch {
                throw CLIError("\(scenario): \(error)")
            }
            let run = try await RealPlayerRun.run(
                decoded, source: scenario, format: format, mpv: mpv, window: show, bookmarks: try bookmarkStore(), beacons: outbox,
                logger: logging.logger)
            if let svg { try ScenarioOutput.draw(run, title: decoded.title ?? scenario, to: svg, fullAxis: full) }
        } else {
            try await ScenarioOutput.run(
                json: bytes, source: scenario, format: format, svg: svg, fullAxis: full, vmap: vmap, recording: recording, alternate: alternate,
                ssai: ssai, bookmarks: try bookmarkStore(), beacons: outbox, logger: logging.logger)
        }
        if let outbox, let beacons {
            let summary = await outbox.flush(timeout: Network.duration(seconds: beaconTimeout))
            sender?.cancel()
            await sender?.value
            for problem in outbox.problemsReported { FileHandle.standardError.write(Data("adplay: beacons: \(problem)\n".utf8)) }
            if summary.pending > 0 {
                FileHandle.standardError.write(Data(
                    "adplay: beacons: \(summary); `adplay beacons flush \(beacons)` sends what is pending\n".utf8))
            }
        }
    }

    /// The bookmark file's store; its directory must exist.
    private func bookmarkStore() throws -> FileBookmarkStore? {
        guard let bookmarks else { return nil }
        let directory = URL(fileURLWithPath: bookmarks).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("\(bookmarks): the directory \(directory) does not exist")
        }
        return FileBookmarkStore(path: bookmarks)
    }

    /// Starts the scenario's SSAI session and looks at what it plays.
    private static func start(_ spec: SSAISpec, logger: Logger) async throws -> SSAIScenarioSession {
        let startup = await SSAISessionStart.start(spec.configuration, client: Network.client, logger: logger)
        do {
            let look = try await SSAIStream(startup: startup, client: Network.client, logger: logger).firstLook()
            return SSAIScenarioSession(startup: startup, look: look)
        } catch {
            throw CLIError("the SSAI session (\(startup.status.rawValue), code \(startup.code): \(startup.reason)) gives nothing to play: \(error)")
        }
    }
}

/// Decodes, runs and prints a scenario; shared by `simulate` and `demo`.
enum ScenarioOutput {
    static func run(
        json: [UInt8], source: String, format: OutputFormat, svg: String?, fullAxis: Bool = false, vmap: VMAPDocument? = nil, recording: LiveRecording? = nil,
        alternate: LiveRecording? = nil, ssai: SSAIScenarioSession? = nil, bookmarks: FileBookmarkStore? = nil,
        beacons: BeaconOutbox? = nil, logger: Logger = .silent
    ) async throws {
        let run: ScenarioRun
        let title: String?
        let label: String
        do {
            let scenario = try Scenario.decode(json: json, vmap: vmap, recording: recording, alternate: alternate, ssai: ssai)
            title = scenario.title
            label = ssai != nil ? "ssai" : scenario.liveRecording != nil ? "live" : recording != nil ? "hls" : "vmap"
            var resolvers: [any AdResolver] = []
            if !scenario.opportunities.isEmpty || scenario.liveRecording != nil {
                // Each takes its own kind: a VMAP's VAST pods, an HLS stream's interstitials (asset
                // lists fetched for real) and its in-stream cues.
                resolvers = [
                    VASTPodResolver(chain: Network.vastResolver(), insertion: scenario.placeholderStyle.insertion),
                    InterstitialResolver(client: Network.client, primaryID: scenario.primaryID), InStreamMarkerResolver(),
                ]
            }
            run = try await scenario.run(
                resolvers: resolvers, clock: ContinuousClock(), bookmarks: bookmarks, beacons: beacons,
                beaconSession: String(UUID().uuidString.prefix(8)).lowercased(), logger: logger)
        } catch {
            throw CLIError("\(source): \(error)")
        }
        for issue in run.issues { FileHandle.standardError.write(Data("adplay: \(label): \(issue)\n".utf8)) }
        if format == .text {
            print(TextReport.render(run), terminator: "")
        } else {
            FileHandle.standardOutput.write(Data(EventLines.bytes(for: run)))
        }
        if let svg { try draw(run, title: title ?? (source == "-" ? "standard input" : source), to: svg, fullAxis: fullAxis) }
    }

    /// Draws the run as an SVG picture to `path`.
    static func draw(_ run: ScenarioRun, title: String, to path: String, fullAxis: Bool) throws {
        let picture = SVGTimeline.render(run, title: title, full: fullAxis)
        try FileBytes.write(Array(picture.utf8), to: path)
        FileHandle.standardError.write(Data("SVG written to \(path)\n".utf8))
    }
}
