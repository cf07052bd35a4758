/// The one timeout helper: runs `operation` and gives up on it when `limit`
/// has passed on `clock`, cancelling it. Nil when the limit came first (or
/// the caller was cancelled).
///
/// ```swift
/// let breaks = await withTimeLimit(.seconds(2), on: clock) { await resolver.resolve(opportunity) }
/// ```
public func withTimeLimit<T: Sendable, C: Clock<Duration>>(
    _ limit: Duration, on clock: C, _ operation: @escaping @Sendable () async -> T
) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await clock.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// The same with a clock known only as an existential.
public func withTimeLimit<T: Sendable>(
    _ limit: Duration, on clock: any Clock<Duration>, _ operation: @escaping @Sendable () async -> T
) async -> T? {
    await open(clock, limit, operation)
}

private func open<T: Sendable, C: Clock<Duration>>(
    _ clock: C, _ limit: Duration, _ operation: @escaping @Sendable () async -> T
) async -> T? {
    await withTimeLimit(limit, on: clock, operation)
}
