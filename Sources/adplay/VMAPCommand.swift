import AdTransport
import ArgumentParser
import VAST
import VASTReport

struct VMAPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vmap",
        abstract: "Inspect VMAP documents: the breaks, where they go, where their ads come from.",
        subcommands: [VMAPInspect.self]
    )
}

struct VMAPInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Parse a VMAP document and list its breaks without resolving them.",
        discussion: """
            FILE|URL is a path, - for standard input, or an http(s) URL (fetched within --timeout). \
            Each break is listed with its id, its time offset (start, end, a time, a percentage or a cue \
            point), its types, repeatAfter, its ad source (inline VAST with its ad ids, an ad tag URL \
            with its template type, or custom data) and its tracking URLs; then the parser's warnings \
            with line and element path. No ad tag is fetched. --format json prints {"version", "breaks", \
            "warnings"}, and a failure as {"error": {...}} on standard output. A document that cannot \
            be read is a VMAP error with its code (1000: schema, 1002: not well-formed XML) and exit 1.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "A VMAP file, - for standard input, or an http(s) URL.")
    var source: String

    @OptionGroup var output: FormatOption<TextOrJSON>
    var json: Bool { output.value == .json }

    @Option(help: "Seconds to wait for a URL (more than 0, at most 3600).")
    var timeout: Double = 10

    func validate() throws {
        try SecondsLimit.hour.check(timeout, option: "--timeout")
    }

    func run() async throws {
        try await JSONErrorOutput.run(json: json, source: source) {
            let document = try await VMAPSource.load(source, timeout: timeout)
            print(json ? VMAPReport.json(document) : VMAPReport.text(document), terminator: "")
        }
    }
}
