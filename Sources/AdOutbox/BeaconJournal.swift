public import AdTracking
import AdStorage
import Foundation

/// The write-ahead journal of a beacon outbox, in a directory of its own:
/// every beacon is appended before it is sent, and every response,
/// failure and drop after. Opening it replays the file, so a process that
/// restarts after a crash knows what is still to send.
///
/// One process at a time: opening takes a lock in the directory, which a
/// killed process gives up with its life. Not thread-safe; the outbox
/// serialises its calls.
///
/// The file stays bounded: ``compact(now:retention:)`` rewrites it (by
/// atomic replace) with the beacons still pending and the records of those
/// settled within the retention, which is what deduplication and
/// `beacons list` read.
public final class BeaconJournal {
    /// The journal's directory.
    public let directory: String
    /// The journal file's path.
    public var path: String { directory + "/journal.jsonl" }
    /// The beacons known, in the order taken.
    public private(set) var entries: [JournalEntry] = []
    /// What opening found and set right (a last line cut short by a crash).
    public private(set) var warnings: [String] = []
    /// The largest journal read.
    public static let maxBytes = 512 << 20

    /// The beacons still to send, by seq, ascending; settled ones are
    /// pruned lazily.
    private var pendingSeqs: [Int] = []
    /// How many beacons are still to send.
    public private(set) var pendingCount = 0
    private var positions: [Int: Int] = [:]
    private var seqByID: [BeaconID: Int] = [:]
    private var nextSeq = 1
    private var linesWritten = 0
    /// Records appended, and how many of them are known flushed to the disk.
    private var recordsWritten = 0
    private var recordsSynced = 0
    private let file: AppendFile
    private let lock: FileLock

    /// Opens (or creates) the journal in `directory`, creating the
    /// directory if needed.
    /// - Throws: ``BeaconJournalError``: another process has it open, a
    ///   line that is not a record (with its line), a system call failed.
    public init(directory: String) throws(BeaconJournalError) {
        self.directory = directory
        try io { () throws(FileFailure) in try FileSystem.makeDirectory(directory) }
        guard let lock = try io({ () throws(FileFailure) in try FileLock(path: directory + "/lock") }) else {
            throw .inUse(directory: directory)
        }
        self.lock = lock
        let path = directory + "/journal.jsonl"
        let (records, torn, count) = try Self.read(path: path)
        if let torn {
            warnings.append("\(path): line \(torn) was cut short by a crash; it was never sent and is dropped")
        }
        file = try io { () throws(FileFailure) in
            if count == 0, torn == nil { try FileSystem.replace(path, with: JournalFormat.header()) }
            return try AppendFile(path: path)
        }
        for record in records { apply(record) }
        linesWritten = count
        if torn != nil {
            // The cut line is gone: write back what came before it.
            try compact(now: 0, retention: .max / 2)
        }
    }

    /// The records of a journal, without opening it for writing (another
    /// process may be sending from it): for `beacons list`.
    public static func entries(in directory: String) throws(BeaconJournalError) -> (entries: [JournalEntry], warnings: [String]) {
        let path = directory + "/journal.jsonl"
        let read = try Self.read(path: path)
        var entries: [JournalEntry] = []
        var positions: [Int: Int] = [:]
        for record in read.records {
            if case .beacon(let seq, let id, let url, let enqueued) = record {
                positions[seq] = entries.count
                entries.append(JournalEntry(seq: seq, id: id, url: url, enqueued: enqueued))
            } else if let position = positions[record.seq] {
                entries[position].apply(record)
            }
        }
        let warnings = read.torn.map { ["\(path): line \($0) was cut short (a crash, or a writer mid-line)"] } ?? []
        return (entries, warnings)
    }

    /// The beacons still to send, in the order taken.
    public func pendingEntries() -> [JournalEntry] {
        if pendingSeqs.count > 2 * pendingCount + 64 {
            pendingSeqs.removeAll { positions[$0].map { !entries[$0].isPending } ?? true }
        }
        return pendingSeqs.compactMap { seq in positions[seq].map { entries[$0] }.flatMap { $0.isPending ? $0 : nil } }
    }

    /// Visits the beacons still to send, in the order taken, until `body`
    /// returns false; copies nothing.
    public func forEachPending(_ body: (JournalEntry) -> Bool) {
        if pendingSeqs.count > 2 * pendingCount + 64 {
            pendingSeqs.removeAll { positions[$0].map { !entries[$0].isPending } ?? true }
        }
        for seq in pendingSeqs {
            guard let position = positions[seq], entries[position].isPending else { continue }
            if !body(entries[position]) { return }
        }
    }

    /// The entry of `seq`, if the journal still has it.
    public func entry(_ seq: Int) -> JournalEntry? { positions[seq].map { entries[$0] } }

    /// Whether a beacon with this identity is known (pending, or settled
    /// within the retention).
    public func contains(_ id: BeaconID) -> Bool { seqByID[id] != nil }

    /// Appends a beacon; `nil` when one with its identity is known already.
    public func append(_ id: BeaconID, url: String, at now: Int64) throws(BeaconJournalError) -> JournalEntry? {
        guard seqByID[id] == nil else { return nil }
        let record = JournalRecord.beacon(seq: nextSeq, id: id, url: url, enqueued: now)
        try write(record)
        apply(record)
        return entries.last
    }

    /// Records what happened to a beacon: `sent`, `failed` or `dropped`.
    public func record(_ record: JournalRecord) throws(BeaconJournalError) {
        guard positions[record.seq] != nil else { return }
        try write(record)
        apply(record)
    }

    /// Makes everything appended so far survive a power cut (one flush for
    /// all the records since the last).
    public func sync() throws(BeaconJournalError) {
        guard needsSync else { return }
        try io { () throws(FileFailure) in try file.sync() }
        recordsSynced = recordsWritten
    }

    /// Whether records were appended since the last flush.
    public var needsSync: Bool { recordsWritten > recordsSynced }

    /// A flush of everything appended so far that runs outside the
    /// caller's lock (appends may go on meanwhile); hand it back to
    /// ``synced(_:)`` once it has run.
    public func syncPoint() throws(BeaconJournalError) -> JournalSyncPoint {
        let descriptor = try io { () throws(FileFailure) in try file.duplicateDescriptor() }
        return JournalSyncPoint(handle: FileSyncHandle(descriptor: descriptor, path: path), records: recordsWritten)
    }

    /// Notes that `point` was flushed.
    public func synced(_ point: JournalSyncPoint) {
        recordsSynced = max(recordsSynced, point.records)
    }

    /// Compacts the journal (``compact(now:retention:)``) when its file has
    /// grown past twice what it must keep, plus 1,024 lines.
    /// - Returns: whether it compacted.
    @discardableResult
    public func compactIfWorthIt(now: Int64, retention: Int64) throws(BeaconJournalError) -> Bool {
        guard linesWritten > 1_024 else { return false }
        let horizon = now - retention
        let kept = entries.reduce(0) { count, entry in
            switch entry.state {
            case .pending: count + 2
            case .sent(_, let at), .dropped(_, let at): at >= horizon ? count + 2 : count
            }
        }
        guard linesWritten > 2 * kept + 1_024 else { return false }
        try compact(now: now, retention: retention)
        return true
    }

    /// Rewrites the journal with the beacons pending and those settled
    /// less than `retention` (milliseconds) before `now`, atomically.
    public func compact(now: Int64, retention: Int64) throws(BeaconJournalError) {
        let horizon = now - retention
        let keep: (JournalEntry) -> Bool = { entry in
            switch entry.state {
            case .pending: true
            case .sent(_, let at), .dropped(_, let at): at >= horizon
            }
        }
        let bytes = snapshot(keeping: keep)
        try io { () throws(FileFailure) in
            try FileSystem.replace(path, with: bytes)
            try file.reopen()
        }
        let kept = entries.filter(keep)
        entries = []
        positions = [:]
        seqByID = [:]
        pendingSeqs = []
        for entry in kept {
            positions[entry.seq] = entries.count
            seqByID[entry.id] = entry.seq
            entries.append(entry)
            if entry.isPending { pendingSeqs.append(entry.seq) }
        }
        pendingCount = pendingSeqs.count
        linesWritten = 1 + entries.reduce(0) { $0 + 1 + ($1.isPending && $1.failedAttempts == 0 ? 0 : 1) }
        // The replace flushed the whole file.
        recordsSynced = recordsWritten
    }

    // MARK: - Private

    private func write(_ record: JournalRecord) throws(BeaconJournalError) {
        try io { () throws(FileFailure) in try file.append(JournalFormat.encode(record)) }
        linesWritten += 1
        recordsWritten += 1
    }

    private func apply(_ record: JournalRecord) {
        switch record {
        case .beacon(let seq, let id, let url, let enqueued):
            positions[seq] = entries.count
            seqByID[id] = seq
            entries.append(JournalEntry(seq: seq, id: id, url: url, enqueued: enqueued))
            nextSeq = max(nextSeq, seq + 1)
            pendingSeqs.append(seq)
            pendingCount += 1
        default:
            guard let position = positions[record.seq] else { return }
            let wasPending = entries[position].isPending
            entries[position].apply(record)
            if wasPending, !entries[position].isPending { pendingCount -= 1 }
        }
    }

    /// The file's bytes for the entries `keep` accepts: each beacon, then
    /// the record that says where it is.
    private func snapshot(keeping keep: (JournalEntry) -> Bool) -> [UInt8] {
        var bytes = JournalFormat.header()
        for entry in entries where keep(entry) {
            bytes += JournalFormat.encode(.beacon(seq: entry.seq, id: entry.id, url: entry.url, enqueued: entry.enqueued))
            switch entry.state {
            case .sent(let status, let at):
                bytes += JournalFormat.encode(.sent(seq: entry.seq, status: status, at: at))
            case .dropped(let reason, let at):
                bytes += JournalFormat.encode(.dropped(seq: entry.seq, reason: reason, at: at))
            case .pending where entry.failedAttempts > 0:
                bytes += JournalFormat.encode(.failed(seq: entry.seq, attempt: entry.failedAttempts, error: entry.lastError ?? "",
                                                      at: entry.retryAt ?? entry.enqueued, retryAt: entry.retryAt ?? entry.enqueued))
            case .pending:
                break
            }
        }
        return bytes
    }

    /// The records of the file at `path` (none when it does not exist), the
    /// number of a last line cut short, and the lines read.
    private static func read(path: String) throws(BeaconJournalError) -> (records: [JournalRecord], torn: Int?, lines: Int) {
        let contents = try io { () throws(FileFailure) in try FileSystem.read(path, limit: maxBytes) }
        guard let bytes = contents, !bytes.isEmpty else { return ([], nil, 0) }
        var records: [JournalRecord] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return (records, number, number - 1) }
            let line = bytes[start..<end]
            if number == 1 {
                try JournalFormat.checkHeader(line, path: path)
            } else {
                records.append(try JournalFormat.decode(line, number: number, path: path))
            }
            start = end + 1
        }
        return (records, nil, number)
    }
}

/// Runs a file operation, its failure as a journal error.
private func io<T>(_ body: () throws(FileFailure) -> T) throws(BeaconJournalError) -> T {
    do throws(FileFailure) {
        return try body()
    } catch {
        throw BeaconJournalError(error)
    }
}
