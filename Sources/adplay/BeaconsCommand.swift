import AdTransport
import AdOutbox
import AdTracking
import ArgumentParser
import Foundation
import Logging
import StrictJSON
import VAST

struct BeaconsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beacons",
        abstract: "Send or show the beacons of an outbox directory (from `simulate --beacons DIR`).",
        subcommands: [Flush.self, List.self])

    struct Flush: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "flush",
            abstract: "Send what is pending in an outbox.",
            discussion: """
                Sends the beacons the journal in DIR has not recorded as sent (after a crash, say), at most 4 at \
                a time, retrying failures with backoff. Exits 0 when nothing is left, 1 with a summary when \
                beacons are still pending at the time limit.
                """)

        @OptionGroup var logging: VerboseOption

        @Argument(help: "The outbox directory.")
        var directory: String

        @Option(help: "Seconds to keep trying (more than 0, at most 86400).")
        var timeout: Double = 60

        func validate() throws { try SecondsLimit.day.check(timeout, option: "--timeout") }

        func run() async throws {
            let outbox = try BeaconOutboxFactory.open(directory, logger: logging.logger)
            let summary = await outbox.flush(timeout: Network.duration(seconds: timeout))
            for problem in outbox.problemsReported { FileHandle.standardError.write(Data("adplay: \(problem)\n".utf8)) }
            print("\(directory): \(summary)")
            if summary.pending > 0 { throw ExitCode(1) }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show an outbox's beacons in the order they were written, pending and sent.",
            discussion: """
                Reads the journal without taking it over, so it works while another process sends from it. \
                Each beacon shows its state (pending, sent with its status, dropped with why), its identity \
                (session, break, ad, tracking event, occurrence) and its URL. Sent beacons are kept for an hour.
                """)

        @OptionGroup var logging: VerboseOption

        @Argument(help: "The outbox directory.")
        var directory: String

        @OptionGroup var output: FormatOption<TextOrJSONLines>
        var jsonl: Bool { output.value == .jsonl }

        func run() throws {
            let (entries, warnings): ([JournalEntry], [String])
            do {
                (entries, warnings) = try BeaconJournal.entries(in: directory)
            } catch {
                throw CLIError("\(error)")
            }
            for warning in warnings { FileHandle.standardError.write(Data("adplay: \(warning)\n".utf8)) }
            if jsonl {
                var output = JSONOutput()
                for entry in entries {
                    BeaconListLines.write(entry, to: &output)
                    output.endLine()
                }
                FileHandle.standardOutput.write(Data(output.bytes))
                return
            }
            let pending = entries.filter(\.isPending).count
            print("\(entries.count) beacon\(entries.count == 1 ? "" : "s"): \(pending) pending, \(entries.count - pending) settled")
            for entry in entries { print(BeaconListLines.text(entry)) }
        }
    }
}

/// Opening an outbox directory for the command line.
enum BeaconOutboxFactory {
    static func open(_ directory: String, logger: Logger = .silent) throws -> BeaconOutbox {
        do {
            return BeaconOutbox(journal: try BeaconJournal(directory: directory), client: Network.client, logger: logger)
        } catch {
            throw CLIError("\(error)")
        }
    }
}

/// How `beacons list` shows an entry.
enum BeaconListLines {
    static func state(_ entry: JournalEntry) -> String {
        switch entry.state {
        case .pending: entry.failedAttempts > 0 ? "pending (\(entry.failedAttempts) failed: \(entry.lastError ?? ""))" : "pending"
        case .sent(let status, _): "sent \(status)"
        case .dropped(let reason, _): "dropped (\(reason))"
        }
    }

    static func text(_ entry: JournalEntry) -> String {
        let id = entry.id
        let instance = id.instance > 1 ? ".\(id.instance)" : ""
        return "#\(entry.seq) \(state(entry)) \(id.session) \(id.breakID)/\(id.adID) \(id.tracking)#\(id.occurrence)\(instance) \(entry.url)"
    }

    static func write(_ entry: JournalEntry, to output: inout JSONOutput) {
        let id = entry.id
        output.openObject()
        output.member("seq", entry.seq)
        switch entry.state {
        case .pending: output.member("state", "pending")
        case .sent(let status, _):
            output.member("state", "sent")
            output.member("status", status)
        case .dropped(let reason, _):
            output.member("state", "dropped")
            output.member("reason", reason)
        }
        output.member("session", id.session)
        output.member("break", id.breakID)
        output.member("ad", id.adID)
        output.member("tracking", id.tracking)
        output.member("occurrence", id.occurrence)
        output.member("instance", id.instance)
        output.member("slot", id.slot)
        output.member("url", entry.url)
        output.key("enqueued")
        output.value(VASTMacros.timestamp(milliseconds: entry.enqueued))
        output.member("failedAttempts", entry.failedAttempts)
        if let error = entry.lastError { output.member("lastError", error) }
        output.closeObject()
    }
}
