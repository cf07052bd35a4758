internal import Foundation
public import MediaTime

/// A clock that moves only when told to: the simulation's wall clock, and
/// the test clock for anything that waits.
///
/// It is a `Clock<Duration>`, so code that sleeps on an injected clock
/// (time limits, retries, polling) sleeps on it too, and wakes exactly when
/// ``advance(by:)`` passes its deadline.
///
/// ```swift
/// let clock = VirtualClock()
/// async let limited = withTimeLimit(.seconds(2), on: clock) { await slowWork() }
/// await clock.waitForSleepers(1)
/// clock.advance(by: MediaDuration(seconds: 2))   // `limited` is now nil
/// ```
public final class VirtualClock: Clock, @unchecked Sendable {
    // `elapsed`, `sleepers` and `nextID` are touched only with `lock` held.
    private let lock = NSLock()
    private var elapsed: MediaDuration
    private var sleepers: [Int: Sleeper] = [:]
    private var nextID = 0

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A point on a virtual clock: time since its origin.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock's origin.
        public var offset: MediaDuration

        /// Creates an instant `offset` after the origin.
        public init(offset: MediaDuration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + MediaDuration(duration)) }
        public func duration(to other: Instant) -> Duration { (other.offset - offset).duration }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// Creates a clock reading `start`.
    public init(start: ClockTime = .zero) { elapsed = MediaDuration(ticks: start.ticks) }

    /// The instant now.
    public var now: Instant { lock.withLock { Instant(offset: elapsed) } }

    /// The reading now, as the session's clock time.
    public var reading: ClockTime { lock.withLock { ClockTime(ticks: elapsed.ticks) } }

    /// A virtual clock resolves any duration.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Sleeps until ``advance(by:)`` reaches `deadline`; throws
    /// `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = lock.withLock { () -> (any Error)?? in
                    if Task.isCancelled { return .some(CancellationError()) }
                    if deadline <= Instant(offset: elapsed) { return .some(nil) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .none
                }
                switch resumeNow {
                case .some(let error?): continuation.resume(throwing: error)
                case .some(nil): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it
    /// passes, earliest first.
    public func advance(by duration: MediaDuration) {
        let due = lock.withLock { () -> [Sleeper] in
            elapsed += duration
            let now = Instant(offset: elapsed)
            let ready = sleepers.filter { $0.value.deadline <= now }
            for id in ready.keys { sleepers.removeValue(forKey: id) }
            return ready.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock, so a test can
    /// advance it past their deadlines knowing they are waiting.
    public func waitForSleepers(_ count: Int) async {
        while sleeperCount < count { await Task.yield() }
    }
}
