import AdStorage

/// A flush of a journal's appends up to a point, on a descriptor of its
/// own, so it runs while the journal takes more (see
/// ``BeaconJournal/syncPoint()``).
public final class JournalSyncPoint: Sendable {
    private let handle: FileSyncHandle
    /// The records it covers.
    let records: Int

    init(handle: FileSyncHandle, records: Int) {
        self.handle = handle
        self.records = records
    }

    /// Flushes the file to the disk.
    public func sync() throws(BeaconJournalError) {
        do {
            try handle.sync()
        } catch {
            throw BeaconJournalError(error)
        }
    }
}
