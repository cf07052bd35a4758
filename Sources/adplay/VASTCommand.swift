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
            http(s) only, with tracking merged from every one. --json prints {"chain", "ads", "errors", \
            "errorReports", "wouldSend"}. Error URLs are not called unless --report-errors is given: the \
            reports a failure would send are listed (wouldSend). \
            The exit status is 1 when no ad resolved.
            """
    )

    @Argument(help: "A VAST file, - for standard input, or an http(s) URL.")
    var source: String

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: "The most wrappers followed on the way to an ad.")
    var maxDepth = 5

    @Option(help: "The time allowed for the whole resolution, in seconds.")
    var timeout: Double = 10

    @Flag(help: "Call the Error URLs of what fails (by default they are only listed, as wouldSend).")
    var reportErrors = false

    func validate() throws {
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must not be negative") }
        guard timeout > 0, timeout <= 3_600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() async throws {
        var resolver = Network.vastResolver()
        resolver.reportsErrors = reportErrors
        resolver.maxDepth = maxDepth
        resolver.budget = Network.duration(seconds: timeout)
        resolver.requestTimeout = min(.seconds(5), resolver.budget)
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
                throw CLIError("\(source): \(error)")
            }
            resolution = await resolver.resolve(document)
        }
        print(json ? ResolutionReport.json(resolution) : ResolutionReport.text(resolution), terminator: "")
        if resolution.ads.isEmpty { throw ExitCode(1) }
    }
}
