import Foundation

/// Wakes one waiting task: a wake that comes while nobody waits is kept
/// for the next wait (any number of wakes make one). Cancelling the waiter
/// ends its wait without ending the signal.
final class WakeSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Void, Never>?
    private var pending = false

    func wake() {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard let waiter else {
                pending = true
                return nil
            }
            self.waiter = nil
            return waiter
        }
        waiting?.resume()
    }

    /// Waits for a wake (returns at once if one came since the last wait).
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock { () -> Bool in
                    if pending || Task.isCancelled {
                        pending = false
                        return true
                    }
                    waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume()
        }
    }
}
