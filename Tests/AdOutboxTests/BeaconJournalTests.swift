import AdOutbox
import AdTracking
import Foundation
import Testing

/// The journal file: replayed on open, a line cut short by a crash set
/// right, anything else that is not a record refused with its line.
@Suite struct BeaconJournalTests {
    private func id(_ n: Int) -> BeaconID {
        BeaconID(session: "v/1", breakID: "b", adID: "a\(n)", tracking: "start", occurrence: 1, slot: 0)
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test func reopening_replaysEveryRecord() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        do {
            let journal = try BeaconJournal(directory: directory.outbox)
            _ = try journal.append(id(1), url: "https://t.example/1", at: 10)
            _ = try journal.append(id(2), url: "https://t.example/2", at: 11)
            try journal.record(.failed(seq: 2, attempt: 1, error: "HTTP 503", at: 12, retryAt: 1_012))
            try journal.record(.sent(seq: 1, status: 204, at: 13))
        }
        let journal = try BeaconJournal(directory: directory.outbox)
        #expect(journal.entries.map(\.seq) == [1, 2])
        #expect(journal.entries[0].state == .sent(status: 204, at: 13))
        #expect(journal.entries[1].isPending && journal.entries[1].failedAttempts == 1 && journal.entries[1].retryAt == 1_012)
        #expect(journal.contains(id(1)))
        #expect(try journal.append(id(3), url: "https://t.example/3", at: 14)?.seq == 3)
    }

    @Test func aLineCutShortByACrash_isDroppedWithAWarning_andAppendsGoOn() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        do {
            let journal = try BeaconJournal(directory: directory.outbox)
            _ = try journal.append(id(1), url: "https://t.example/1", at: 10)
        }
        try append(#"{"op":"beacon","seq":2,"session":"v/1","br"#, to: directory.outbox + "/journal.jsonl")
        do {
            let journal = try BeaconJournal(directory: directory.outbox)
            #expect(journal.entries.map(\.seq) == [1])
            #expect(journal.warnings == ["\(directory.outbox)/journal.jsonl: line 3 was cut short by a crash; it was never sent and is dropped"])
            _ = try journal.append(id(2), url: "https://t.example/2", at: 11)
        }
        let journal = try BeaconJournal(directory: directory.outbox)
        #expect(journal.entries.map(\.url) == ["https://t.example/1", "https://t.example/2"])
        #expect(journal.warnings.isEmpty)
    }

    /// A journal closed while a child forked by this process has not yet
    /// exec'd (every process a test or an app starts passes through that
    /// moment) opens again at once: the lock belongs to this process, not to
    /// the open file the child shares for that moment. Once failed at random
    /// in a loaded suite.
    @Test func aJournalReopens_whileAForkedChildHasNotYetExeced() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        var child: pid_t = 0
        do {
            let journal = try BeaconJournal(directory: directory.outbox)
            _ = try journal.append(id(1), url: "https://t.example/1", at: 10)
            // The child holds every descriptor the process had, for 300 ms, then ends.
            child = fork()
            if child == 0 {
                usleep(300_000)
                _exit(0)
            }
        }
        defer {
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        #expect(child > 0)
        let reopened = try BeaconJournal(directory: directory.outbox)
        #expect(reopened.entries.map(\.url) == ["https://t.example/1"])
        #expect(throws: BeaconJournalError.inUse(directory: directory.outbox)) { try BeaconJournal(directory: directory.outbox) }
    }

    @Test(arguments: [
        (#"{"op":"beacon","seq":2}"#, "line 3, column 1: $.session is missing"),
        (#"{"op":"sent","seq":1,"status":"ok","at":1}"#, "line 3, column 31: $.status must be a whole number from 0, not a string"),
        (#"{"op":"resent","seq":1}"#, "line 3, column 7: $.op is \"resent\", not beacon, sent, failed or dropped"),
        ("not json", "line 3, column 2: invalid literal"),
    ])
    func aLineThatIsNotARecord_isRefusedWithItsLine(line: String, message: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        do {
            let journal = try BeaconJournal(directory: directory.outbox)
            _ = try journal.append(id(1), url: "https://t.example/1", at: 10)
        }
        try append(line + "\n", to: directory.outbox + "/journal.jsonl")
        do {
            _ = try BeaconJournal(directory: directory.outbox)
            Issue.record("opened")
        } catch {
            #expect("\(error)".hasPrefix("\(directory.outbox)/journal.jsonl: \(message)"), "\(error)")
        }
    }

    @Test func anotherFormatOrVersion_isRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createDirectory(atPath: directory.outbox, withIntermediateDirectories: true)
        try Data(#"{"format":"AdPlaybackKit beacon journal","version":2}"#.utf8 + [10]).write(to: URL(fileURLWithPath: directory.outbox + "/journal.jsonl"))
        #expect(throws: BeaconJournalError.unsupportedVersion(path: directory.outbox + "/journal.jsonl", version: "2")) {
            try BeaconJournal(directory: directory.outbox)
        }
    }
}
