public import AdTracking

/// One line of a beacon journal.
public enum JournalRecord: Sendable, Hashable {
    /// A beacon taken, before it is sent: its identity and URL (macros
    /// filled). Times are milliseconds since 1970.
    case beacon(seq: Int, id: BeaconID, url: String, enqueued: Int64)
    /// A response arrived: the beacon is sent.
    case sent(seq: Int, status: Int, at: Int64)
    /// An attempt failed; the next is not before `retryAt`.
    case failed(seq: Int, attempt: Int, error: String, at: Int64, retryAt: Int64)
    /// The beacon was given up (too old, or a URL that can never be sent).
    case dropped(seq: Int, reason: String, at: Int64)

    /// The beacon the record is about.
    public var seq: Int {
        switch self {
        case .beacon(let seq, _, _, _), .sent(let seq, _, _), .failed(let seq, _, _, _, _), .dropped(let seq, _, _): seq
        }
    }
}

/// A beacon as the journal knows it: its identity, URL, and where it is.
public struct JournalEntry: Sendable, Hashable {
    /// Where a beacon is.
    public enum State: Sendable, Hashable {
        /// Not sent yet (or sent with no response recorded).
        case pending
        /// A response arrived with this status.
        case sent(status: Int, at: Int64)
        /// Given up, with why.
        case dropped(reason: String, at: Int64)
    }

    /// Its number in the journal, from 1, in the order taken.
    public var seq: Int
    /// Its identity.
    public var id: BeaconID
    /// The URL, macros filled.
    public var url: String
    /// When it was taken (milliseconds since 1970).
    public var enqueued: Int64
    /// Where it is.
    public var state: State = .pending
    /// The attempts that failed.
    public var failedAttempts = 0
    /// The last failure, if any.
    public var lastError: String?
    /// When the next attempt may be made (milliseconds since 1970); `nil`: now.
    public var retryAt: Int64?

    /// Whether it still has to be sent.
    public var isPending: Bool { state == .pending }

    /// Creates an entry.
    public init(seq: Int, id: BeaconID, url: String, enqueued: Int64) {
        self.seq = seq
        self.id = id
        self.url = url
        self.enqueued = enqueued
    }

    /// The entry after `record`.
    mutating func apply(_ record: JournalRecord) {
        switch record {
        case .beacon: break
        case .sent(_, let status, let at): state = .sent(status: status, at: at)
        case .failed(_, let attempt, let error, _, let retryAt):
            failedAttempts = attempt
            lastError = error
            self.retryAt = retryAt
        case .dropped(_, let reason, let at): state = .dropped(reason: reason, at: at)
        }
    }
}
