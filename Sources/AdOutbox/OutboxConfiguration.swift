/// How an outbox sends: how many at once, how it retries, how long it
/// tries and remembers.
public struct OutboxConfiguration: Sendable, Hashable {
    /// Beacons in flight at most: also the most a crash can send twice.
    public var maxInFlight = 4
    /// How long a beacon is tried, from when it was taken; after that it is
    /// dropped and reported.
    public var maxAge: Duration = .seconds(3_600)
    /// How long a sent beacon's record is kept, for deduplication and
    /// `beacons list`.
    public var retention: Duration = .seconds(3_600)
    /// The wait before the first retry; each retry waits twice the last, up
    /// to ``maxRetryInterval``, less a random part of up to half (jitter).
    public var firstRetry: Duration = .seconds(1)
    /// The longest wait between two attempts.
    public var maxRetryInterval: Duration = .seconds(300)
    /// How long one request may take.
    public var requestTimeout: Duration = .seconds(10)

    /// The defaults: 4 in flight, retried for an hour.
    public init() {}

    /// The wait before retry `attempt` (1 for the first retry), before
    /// jitter, in milliseconds.
    func backoff(attempt: Int) -> Int64 {
        let first = Self.milliseconds(firstRetry)
        let cap = Self.milliseconds(maxRetryInterval)
        let shift = min(max(attempt - 1, 0), 30)
        return min(cap, first << Int64(shift))
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}

/// What a flush came to.
public struct FlushSummary: Sendable, Hashable, CustomStringConvertible {
    /// Beacons sent during the flush.
    public var sent: Int
    /// Beacons dropped during the flush (too old, or URLs that can never be sent).
    public var dropped: Int
    /// Beacons still pending at its end.
    public var pending: Int
    /// The last failures of those still pending, by beacon.
    public var lastErrors: [String]

    /// Creates a summary.
    public init(sent: Int, dropped: Int, pending: Int, lastErrors: [String]) {
        self.sent = sent
        self.dropped = dropped
        self.pending = pending
        self.lastErrors = lastErrors
    }

    public var description: String {
        var text = "\(sent) sent, \(dropped) dropped, \(pending) pending"
        if !lastErrors.isEmpty { text += " (last errors: " + lastErrors.prefix(3).joined(separator: "; ") + (lastErrors.count > 3 ? "; …" : "") + ")" }
        return text
    }
}
