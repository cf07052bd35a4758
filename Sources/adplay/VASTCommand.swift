import ArgumentParser
import Foundation
import VAST
import VASTReport
import VASTResolution

struct VASTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vast",
        abstract: "Resolve VAST responses: follow the wrappers, list the ads.",
        subcommands: [VASTResolve.self]
    )
}

struct VASTResolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Follow a VAST response's wrappers and print the chain and the final ads.",
        discussion: """
            FILE|URL is a path, - for standard input, or an http(s) URL. Wrappers are followed over \
            http(s) only, with tracking merged from every one. Two limits apply: each fetch stops after \
            --request-timeout seconds (default 5), and the whole resolution after --timeout (default 10). Text lists each ad with its media file and every \
            impression, tracking and Error URL, then errors, the parser's warnings (line and element path) and \
            a summary line of counts. --format json prints {"chain", "ads", "errors", "warnings", "errorReports", \
            "wouldSend"}; an ad a player cannot play is in "errors" (400: no linear creative with a duration, \
            403: no playable media file). With --format json a failure to read the input is {"error": {...}} on \
            standard output. Error URLs are not called unless --report-errors is given: the \
            reports a failure would send are listed (wouldSend). \
            The exit status is 1 when no resolved ad can play.
            """
    )

    @OptionGroup var logging: VerboseOption

    @Argument(help: "A VAST file, - for standard input, or an http(s) URL.")
    var source: String

    @OptionGroup var output: FormatOption<TextOrJSON>
    var json: Bool { output.value == .json }

    @Option(help: "The most wrappers followed on the way to an ad.")
    var maxDepth = 5

    @Option(help: "The time allowed for the whole resolution, every fetch included, in seconds (more than 0, at most 3600).")
    var timeout: Double = 10

    @Option(help: "The time allowed for each fetch, in seconds (more than 0, at most 3600); the whole resolution still ends at --timeout.")
    var requestTimeout: Double = 5

    @Flag(help: "Call the Error URLs of what fails (by default they are only listed, as wouldSend).")
    var reportErrors = false

    func validate() throws {
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must not be negative") }
        try SecondsLimit.hour.check(timeout, option: "--timeout")
        try SecondsLimit.hour.check(requestTimeout, option: "--request-timeout")
    }

    func run() async throws {
        try await JSONErrorOutput.run(json: json, source: source) { try await resolve() }
    }

    private func resolve() async throws {
        var resolver = Network.vastResolver()
        resolver.reportsErrors = reportErrors
        resolver.maxDepth = maxDepth
        resolver.budget = Network.duration(seconds: timeout)
        resolver.requestTimeout = min(Network.duration(seconds: requestTimeout), resolver.budget)
        let resolution: VASTResolution
        if Network.url(source) != nil {
            resolution = await resolver.resolve(url: source)
        } else {
            // Read no more than the parser takes, plus one byte to tell that there was more.
            let limit = resolver.parser.limits.maxBytes
            let bytes = try FileBytes.read(source == "-" ? "/dev/stdin" : source, limit: limit)
            let document: VASTDocument
            do {
                document = try resolver.parser.parse(bytes)
            } catch {
                throw CLIError("\(source): \(error)", fields: VASTErrorFields.of(error))
            }
            resolution = await resolver.resolve(document)
        }
        print(json ? ResolutionReport.json(resolution) : ResolutionReport.text(resolution), terminator: "")
        if ResolutionReport.playableCount(resolution) == 0 { throw ExitCode(1) }
    }
}

/// A VAST or VMAP error's typed fields for `{"error": ...}`.
enum VASTErrorFields {
    static func of(_ error: VASTError) -> [(name: String, value: CLIError.Field)] {
        var fields: [(name: String, value: CLIError.Field)] = [
            ("specification", .text(error.code.specification)), ("code", .number(error.code.rawValue)),
        ]
        if error.line > 0 { fields.append(("line", .number(error.line))) }
        if error.column > 0 { fields.append(("column", .number(error.column))) }
        if !error.path.isEmpty { fields.append(("path", .text(error.path))) }
        if let offset = error.offset { fields.append(("offset", .number(offset))) }
        return fields
    }
}
