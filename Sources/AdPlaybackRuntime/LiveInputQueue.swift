public import AdLive
public import AdPlayback
public import AdSSAI
import Foundation
import HLS

/// Carries a live source's news to a session across isolation domains:
/// the source's task turns each update into session inputs where the
/// playlist is (``LiveInputs``) and queues them; the session's owner takes
/// them, in order, on its own domain.
///
/// ```swift
/// let queue = LiveInputQueue()
/// Task { await source.follow(withFollower: queue.take) }
/// // on the player's domain, at each tick:
/// for input in queue.drain() { try runtime.send(input) }
/// try runtime.tick()
/// ```
public final class LiveInputQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [SessionInput] = []

    /// Creates an empty queue.
    public init() {}

    /// Queues what `update` means to a session, `follower` being the
    /// follower after it. A fault before the first playlist is still an
    /// error of the main stream.
    public func take(_ update: LiveSource.Update, from follower: LiveFollower) {
        let inputs = LiveInputs.inputs(for: update.event, from: follower)
        guard !inputs.isEmpty else { return }
        lock.withLock { queued += inputs }
    }

    /// Queues what an SSAI session's `update` means to a session
    /// (``SSAIInputs``), `follower` being the playlist follower after it.
    public func take(_ update: SSAIStream.Update, from follower: LiveFollower) {
        let inputs = SSAIInputs.inputs(for: update.event, follower: follower)
        guard !inputs.isEmpty else { return }
        lock.withLock { queued += inputs }
    }

    /// The inputs queued since the last call, in order.
    public func drain() -> [SessionInput] {
        lock.withLock {
            defer { queued = [] }
            return queued
        }
    }
}
