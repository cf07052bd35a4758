/// The one timeout helper: runs `operation` and gives up on it when `limit`
/// has passed by `sleep` (a clock's), cancelling it. Nil when the limit came
/// first (or the caller was cancelled).
func withinLimit<T: Sendable>(_ limit: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void,
                              _ operation: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await sleep(limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
