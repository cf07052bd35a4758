import AdStorage
public import Logging
public import AdTracking
public import AdTransport
public import Foundation
import MediaTime
import VAST

/// The beacon outbox: each beacon is written to its journal before it is
/// sent, sent with at most ``OutboxConfiguration/maxInFlight`` in flight,
/// retried with backoff and jitter until it is answered or too old, and
/// marked sent when a response (any 2xx–4xx status) arrives.
///
/// Taking a beacon (``take(_:)``, on the driver's domain) only appends a
/// line to the journal; the sender (``run()``) flushes the journal to the
/// disk before each batch it sends, so one flush covers every beacon taken
/// since the last. After a crash, opening the journal again sends what is
/// pending: only beacons in flight at the crash (sent, no response
/// recorded) can be sent twice.
///
/// ```swift
/// let outbox = try BeaconOutbox(journal: BeaconJournal(directory: dir), client: client)
/// let sender = Task { await outbox.run() }
/// driver.observers.append(BeaconTracker(planner: BeaconPlanner(session: id), sink: outbox))
/// ```
public final class BeaconOutbox: BeaconSink, @unchecked Sendable {
    /// How it sends.
    public let configuration: OutboxConfiguration
    private let client: HTTPClient
    private let now: @Sendable () -> Int64
    // Everything below is touched only with `lock` held.
    private let lock = NSLock()
    private let journal: BeaconJournal
    private var inFlight: Set<Int> = []
    private var random: AnyRandom
    private var problems: [String] = []
    private var dropped: [JournalEntry] = []
    private var sentCount = 0
    private var senders = 0
    private var lastCompactionCheck: Int64 = .min / 2
    private var entriesAtCheck = 0
    private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private let signal = WakeSignal()
    private let logger: Logger

    /// Creates an outbox over an open journal, sending through `client`
    /// (its transport and clock: the retries wait on that clock).
    /// - Parameters:
    ///   - journal: the journal, open: what it holds is sent again.
    ///   - client: what sends, with its transport and clock.
    ///   - configuration: concurrency, time limits and retries.
    ///   - now: the time in milliseconds since 1970, for the journal's
    ///     stamps, ages and `[TIMESTAMP]`.
    ///   - random: for jitter and `[CACHEBUSTING]`.
    ///   - logger: where each beacon's fate is logged with its ids (debug
    ///     when sent, warning when it fails or is dropped, error when the
    ///     journal cannot be written); nothing by default.
    public init(
        journal: BeaconJournal, client: HTTPClient, configuration: OutboxConfiguration = OutboxConfiguration(),
        now: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) },
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(), logger: Logger = .silent
    ) {
        self.journal = journal
        self.client = client
        self.configuration = configuration
        self.now = now
        self.random = AnyRandom(base: random)
        self.logger = logger
    }

    /// A beacon's ids and URL (its query redacted), as its log entries carry them.
    private static func metadata(_ entry: JournalEntry) -> Logger.Metadata {
        [
            "session": "\(entry.id.session)", "break": "\(entry.id.breakID)", "ad": "\(entry.id.adID)",
            "tracking": "\(entry.id.tracking)", "url": "\(URL(string: entry.url)?.redactedForLog ?? "(not a URL)")",
        ]
    }

    /// What taking a beacon came to.
    public enum Taken: Sendable, Hashable {
        /// Journaled, to be sent: its entry, with the URL as sent.
        case journaled(JournalEntry)
        /// A beacon with its identity was taken before: nothing to send.
        case duplicate
    }

    /// Takes a beacon: fills its macros (with `[TIMESTAMP]` and
    /// `[CACHEBUSTING]` now) and appends it to the journal.
    /// - Throws: ``BeaconJournalError`` when the journal cannot be written;
    ///   the beacon is then not taken.
    @discardableResult
    public func enqueue(_ beacon: Beacon) throws(BeaconJournalError) -> Taken {
        let taken = try locked { () throws(BeaconJournalError) -> Taken in
            guard !journal.contains(beacon.id) else { return .duplicate }
            let stamp = now()
            var values = beacon.macros
            if beacon.template.contains("[") {
                values["TIMESTAMP"] = VASTMacros.timestamp(milliseconds: stamp)
                values["CACHEBUSTING"] = VASTMacros.cachebusting(using: &random)
            }
            let url = BeaconURL.wireForm(VASTMacros.fill(beacon.template, values))
            guard let entry = try journal.append(beacon.id, url: url, at: stamp) else { return .duplicate }
            return .journaled(entry)
        }
        if case .journaled = taken { signal.wake() }
        return taken
    }

    private func locked<T>(_ body: () throws(BeaconJournalError) -> T) throws(BeaconJournalError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// `BeaconSink`: takes a beacon; a journal that cannot be written is
    /// reported in ``problemsReported``.
    public func take(_ beacon: Beacon) {
        do {
            try enqueue(beacon)
        } catch {
            lock.withLock { problems.append("beacon \(beacon.id) not taken: \(error)") }
        }
    }

    /// Failures of the journal, and beacons dropped, in the order they happened.
    public var problemsReported: [String] { lock.withLock { problems } }

    /// The beacons still to send.
    public var pendingCount: Int { lock.withLock { journal.pendingCount } }

    /// The journal's entries now, in the order taken.
    public var entries: [JournalEntry] { lock.withLock { journal.entries } }

    // MARK: - Sending

    /// Sends what is pending and what is taken, until cancelled.
    public func run() async {
        let first = lock.withLock { () -> Bool in
            senders += 1
            return senders == 1
        }
        guard first else {
            // One sender at a time: a second returns at once.
            lock.withLock { senders -= 1 }
            return
        }
        defer { lock.withLock { senders -= 1 } }
        await withDiscardingTaskGroup { group in
            var timer: Int64?
            while !Task.isCancelled {
                let (batch, nextRetry) = claim()
                for entry in batch {
                    group.addTask { await self.send(entry) }
                }
                if let nextRetry, timer.map({ nextRetry < $0 }) ?? true {
                    timer = nextRetry
                    let wait = Duration.milliseconds(max(0, nextRetry - now()))
                    let clock = client.clock
                    let signal = self.signal
                    group.addTask {
                        try? await clock.sleep(for: wait)
                        signal.wake()
                    }
                }
                await signal.wait()
                if let armed = timer, armed <= now() { timer = nil }
            }
            group.cancelAll()
        }
    }

    /// Sends until nothing is pending, or `timeout` passes on the client's
    /// clock; starts a sender for the time unless one runs.
    public func flush(timeout: Duration) async -> FlushSummary {
        let (sentBefore, droppedBefore, running) = lock.withLock { (sentCount, dropped.count, senders > 0) }
        let sender = running ? nil : Task { await self.run() }
        _ = await withTimeLimit(timeout, on: client.clock) { await self.idle() }
        sender?.cancel()
        await sender?.value
        return lock.withLock {
            try? journal.sync()
            let pending = journal.pendingEntries()
            return FlushSummary(
                sent: sentCount - sentBefore, dropped: dropped.count - droppedBefore, pending: pending.count,
                lastErrors: pending.compactMap { entry in entry.lastError.map { "\(entry.id): \($0)" } })
        }
    }

    /// Returns once nothing is pending or in flight, or when cancelled.
    private func idle() async {
        let id = lock.withLock { () -> Int in
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = lock.withLock { () -> Bool in
                    if isIdle || Task.isCancelled { return true }
                    idleWaiters[id] = continuation
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { idleWaiters.removeValue(forKey: id) }?.resume()
        }
    }

    private var isIdle: Bool { inFlight.isEmpty && journal.pendingCount == 0 }

    /// The beacons due now, marked in flight, and when the next waiting one
    /// is due; drops those too old and compacts the journal when it has
    /// grown. The journal is flushed to the disk before the batch is
    /// returned, outside the lock, so taking beacons goes on meanwhile.
    private func claim() -> (batch: [JournalEntry], nextRetry: Int64?) {
        let (batch, nextRetry, point) = lock.withLock { () -> ([JournalEntry], Int64?, Result<JournalSyncPoint, BeaconJournalError>?) in
            let time = now()
            if time - lastCompactionCheck >= 60_000 || journal.entries.count - entriesAtCheck >= 4_096 {
                lastCompactionCheck = time
                do {
                    try journal.compactIfWorthIt(now: time, retention: OutboxConfiguration.milliseconds(configuration.retention))
                } catch {
                    problems.append("the journal could not be compacted: \(error)")
                }
                entriesAtCheck = journal.entries.count
            }
            let oldest = time - OutboxConfiguration.milliseconds(configuration.maxAge)
            var batch: [JournalEntry] = []
            var nextRetry: Int64?
            var tooOld: [JournalEntry] = []
            // When every slot is taken the scan stops: a send in flight
            // will wake the sender, and the rest are looked at then.
            journal.forEachPending { entry in
                guard !inFlight.contains(entry.seq) else { return true }
                if entry.enqueued < oldest {
                    tooOld.append(entry)
                    return true
                }
                if let retryAt = entry.retryAt, retryAt > time {
                    nextRetry = min(nextRetry ?? retryAt, retryAt)
                    return true
                }
                guard inFlight.count < configuration.maxInFlight else { return false }
                inFlight.insert(entry.seq)
                batch.append(entry)
                return true
            }
            for entry in tooOld {
                drop(entry, reason: "not answered within \(configuration.maxAge) (\(entry.lastError ?? "never sent"))", at: time)
            }
            resumeIdleWaiters()
            guard !batch.isEmpty, journal.needsSync else { return (batch, nextRetry, nil) }
            do throws(BeaconJournalError) {
                return (batch, nextRetry, .success(try journal.syncPoint()))
            } catch {
                return (batch, nextRetry, .failure(error))
            }
        }
        guard let point else { return (batch, nextRetry) }
        do throws(BeaconJournalError) {
            let flush = try point.get()
            try flush.sync()
            lock.withLock { journal.synced(flush) }
            return (batch, nextRetry)
        } catch {
            // Not durable: send nothing until it is.
            let retry = now() + OutboxConfiguration.milliseconds(configuration.firstRetry)
            lock.withLock {
                problems.append("the journal could not be flushed: \(error)")
                for entry in batch { inFlight.remove(entry.seq) }
            }
            return ([], retry)
        }
    }

    private func send(_ entry: JournalEntry) async {
        let outcome: Outcome
        if let url = URL(string: entry.url) {
            outcome = await attempt(HTTPRequest(url: url))
        } else {
            outcome = .unsendable("not a URL")
        }
        lock.withLock {
            inFlight.remove(entry.seq)
            let time = now()
            do {
                switch outcome {
                case .answered(let status):
                    try journal.record(.sent(seq: entry.seq, status: status, at: time))
                    sentCount += 1
                    logger.debug("beacon sent", metadata: Self.metadata(entry).merging(["status": "\(status)"]) { $1 })
                case .failed(let error):
                    let attempt = (journal.entry(entry.seq)?.failedAttempts ?? 0) + 1
                    let base = configuration.backoff(attempt: attempt)
                    let wait = base - Int64.random(in: 0...(base / 2), using: &random)
                    try journal.record(.failed(seq: entry.seq, attempt: attempt, error: error, at: time, retryAt: time + wait))
                    logger.warning("beacon failed; retrying", metadata: Self.metadata(entry).merging(
                        ["error": "\(error)", "attempt": "\(attempt)", "retryInMilliseconds": "\(wait)"]) { $1 })
                case .unsendable(let reason):
                    drop(entry, reason: reason, at: time)
                case .cancelled:
                    break
                }
            } catch {
                problems.append("beacon \(entry.id): the journal could not record the outcome: \(error)")
                logger.error("the journal could not record a beacon's outcome", metadata: Self.metadata(entry).merging(["error": "\(error)"]) { $1 })
            }
            resumeIdleWaiters()
        }
        signal.wake()
    }

    private enum Outcome {
        case answered(Int)
        case failed(String)
        case unsendable(String)
        case cancelled
    }

    /// One request: any response from 200 to 499 counts as sent (VAST
    /// ignores the body, and a 4xx will not improve on retry).
    private func attempt(_ request: HTTPRequest) async -> Outcome {
        let limits = TransportLimits(maxBodyBytes: 1 << 20, timeout: configuration.requestTimeout)
        do throws(TransportError) {
            let response = try await client.send(request, limits: limits)
            return .answered(response.status)
        } catch {
            switch error.kind {
            case .status(let status) where (200..<500).contains(status): return .answered(status)
            case .tooLarge: return .answered(200)
            case .scheme, .malformedURL: return .unsendable(error.message)
            case .cancelled: return .cancelled
            case .status, .timeout, .connection: return .failed(error.message)
            }
        }
    }

    /// Called with the lock held.
    private func drop(_ entry: JournalEntry, reason: String, at time: Int64) {
        do {
            try journal.record(.dropped(seq: entry.seq, reason: reason, at: time))
        } catch {
            problems.append("beacon \(entry.id): the journal could not record its drop: \(error)")
        }
        dropped.append(entry)
        problems.append("beacon \(entry.id) dropped: \(reason) (\(entry.url))")
        logger.warning("beacon dropped", metadata: Self.metadata(entry).merging(["reason": "\(reason)"]) { $1 })
    }

    /// Called with the lock held.
    private func resumeIdleWaiters() {
        guard isIdle, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters.values
        idleWaiters = [:]
        for waiter in waiters { waiter.resume() }
    }
}

/// An existential generator as a generator.
private struct AnyRandom: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}
