import AdTransport
import ArgumentParser
import Logging

/// `-v` / `--verbose`, on every command: `-v` logs info and above to
/// standard error (sessions, breaks, blackouts, fallbacks, faults), `-vv`
/// adds debug (each refresh, poll and beacon).
struct VerboseOption: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Log to standard error: -v info and above, -vv debug too.")
    var verbose: Int

    /// The logger the command's components log to: silent without `-v`.
    var logger: Logger {
        guard verbose > 0 else { return .silent }
        var logger = Logger(label: "adplay") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose >= 2 ? Logger.Level.debug : .info
        return logger
    }
}
