/// The one timeout helper: runs `operation` and gives up on it when `limit`
/// has passed on `clock`. Nil when the limit came first, or the caller was
/// cancelled.
///
/// The operation is cancelled when it loses, but not waited for: an answer
/// that arrives late (a server that never replies, a resolver that ignores
/// cancellation) cannot hold the caller past its limit.
///
/// ```swift
/// let breaks = await withTimeLimit(.seconds(2), on: clock) { await resolver.resolve(opportunity) }
/// ```
public func withTimeLimit<T: Sendable>(
    _ limit: Duration, on clock: any Clock<Duration>, _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let race = Race<T>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            Task { await race.begin(continuation, limit: limit, clock: clock, operation: operation) }
        }
    } onCancel: {
        Task { await race.finish(nil) }
    }
}

/// The state of one ``withTimeLimit(_:on:_:)``: whichever of the operation,
/// the clock and the caller's cancellation finishes first resumes the
/// caller, once, and cancels the others.
private actor Race<T: Sendable> {
    private var continuation: CheckedContinuation<T?, Never>?
    private var finished = false
    private var contenders: [Task<Void, Never>] = []

    func begin(
        _ continuation: CheckedContinuation<T?, Never>, limit: Duration, clock: any Clock<Duration>,
        operation: @escaping @Sendable () async -> T
    ) {
        guard !finished else {
            continuation.resume(returning: nil)
            return
        }
        self.continuation = continuation
        contenders = [
            Task { let value = await operation(); self.finish(value) },
            Task {
                do {
                    try await clock.sleep(for: limit)
                } catch {
                    return  // cancelled: the operation or the caller won
                }
                self.finish(nil)
            },
        ]
    }

    func finish(_ value: T?) {
        guard !finished else { return }
        finished = true
        continuation?.resume(returning: value)
        continuation = nil
        for contender in contenders { contender.cancel() }
        contenders = []
    }
}
