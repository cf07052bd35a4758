import AdLive
import AdSSAI
import ArgumentParser
import Foundation
import LiveReport
import MediaTime

struct SSAICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssai",
        abstract: "Start a server-side ad insertion session and follow it.",
        subcommands: [SSAIStart.self]
    )
}

struct SSAIStart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start an SSAI session (MediaTailor's client-side reporting protocol), print its status, and follow what it plays.",
        discussion: """
            POSTs {"adsParams", "manifestParams", "reportingMode": "client"} to the session endpoint and prints \
            the session line first: its status (initialised, noAnalytics, failed), reason, code (0, -1 connection, \
            -2 timeout, -3 malformed URL, -20 unknown format, or the HTTP status), playback URL and tracking URL. \
            Then it follows the playback URL as a live or VOD stream (a multivariant playlist through its first \
            variant) and, for an initialised session, polls the tracking URL about once per target duration, \
            printing avails as they start, change and end, their ads, and warnings where the tracking data and \
            the manifest disagree. Every tier exits 0 at --for or at EXT-X-ENDLIST: playback always starts. \
            Exits 1 only when nothing can play: a failed start with neither --origin nor --fallback.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "The session endpoint's http(s) URL.")
    var url: String

    @Option(help: "What plays, without analytics, when the session gives no usable tracking URL (or with --no-analytics).")
    var fallback: String?

    @Option(help: "What plays when the session cannot start.")
    var origin: String?

    @Option(name: .customLong("for"), help: "Seconds to follow (default: until EXT-X-ENDLIST).")
    var seconds: Double?

    @Option(name: .customLong("init-timeout"), help: "Seconds the session start may take (default 10).")
    var initTimeout: Double = 10

    @Option(name: .customLong("ads-param"), help: "An adsParams entry as NAME=VALUE (repeatable).")
    var adsParams: [String] = []

    @OptionGroup var output: FormatOption<TextOrJSONLines>
    var jsonl: Bool { output.value == .jsonl }

    @Flag(name: .customLong("no-analytics"), help: "Play the fallback without starting a session (a no-tracking consent mode).")
    var noAnalytics = false

    func validate() throws {
        try SecondsLimit.year.check(seconds, option: "--for")
        try SecondsLimit.hour.check(initTimeout, option: "--init-timeout")
        for param in adsParams where !param.contains("=") || param.hasPrefix("=") {
            throw ValidationError("--ads-param \"\(param)\" must be NAME=VALUE")
        }
    }

    func run() async throws {
        var configuration = SSAIConfiguration(endpoint: url, fallbackURL: fallback, originURL: origin)
        configuration.analytics = !noAnalytics
        configuration.initTimeout = Network.duration(seconds: initTimeout)
        configuration.adsParams = adsParams.map { param in
            let parts = param.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return SSAIConfiguration.Parameter(String(parts[0]), String(parts[1]))
        }
        let startup = await SSAISessionStart.start(configuration, client: Network.client, logger: logging.logger)
        var printer = SSAILines(jsonl: jsonl)
        FileHandle.standardOutput.write(Data(printer.session(startup)))
        guard startup.playbackURL != nil else {
            throw CLIError("nothing can play: the session failed (\(startup.reason)) and neither --origin nor --fallback was given")
        }
        let stream = SSAIStream(startup: startup, client: Network.client, logger: logging.logger)
        await stream.follow(for: seconds.map { Network.duration(seconds: $0) }) { update, follower in
            printer.print(update, follower)
            FileHandle.standardOutput.write(Data(printer.take()))
        }
    }
}
