public import AdPlayback
import Foundation
public import MediaTime

/// A player adapter that lives on the main actor, as one over AVPlayer or
/// any UIKit or AppKit player does. Wrap it in ``MainActorPlayer`` for the
/// driver, and hand it the runtime's ``PlaybackRuntime/reporter``: it
/// reports what its player did there, from its completion handlers, and
/// ``PlaybackRuntime/run(isolation:)`` hands the reports to the session on the main
/// actor.
///
/// The driver calls it only on the main actor: own the runtime from a
/// `@MainActor` type.
@MainActor
public protocol MainActorPlayerAdapter: AnyObject, Sendable {
    /// The current item's playback position, as the player reports it.
    var currentItemTime: MediaDuration { get }
    /// Shows a presentation (see `PlayerAdapter.present(_:)`); report
    /// `ready`, `failed` or `ended` naming its identity through the reporter.
    func present(_ presentation: Presentation)
    /// Sets the playback rate (0 holds, 1 plays).
    func setRate(_ rate: Double)
}

/// The driver's side of a ``MainActorPlayerAdapter``: the driver calls it
/// from its owner's domain, which must be the main actor, and it calls the
/// adapter there. Reports do not come through here (``onReport`` is never
/// called): the adapter makes them through the runtime's reporter.
///
/// ```swift
/// @MainActor final class PlayerController {
///     let runtime: PlaybackRuntime
///     init(adapter: AVPlayerAdapter, session: PlaybackSession, registry: ResolverRegistry) {
///         let driver = PlaybackDriver(session: session, player: MainActorPlayer(adapter), clock: ContinuousClock())
///         runtime = PlaybackRuntime(driver: driver, registry: registry)
///         adapter.reporter = runtime.reporter
///     }
/// }
/// ```
public final class MainActorPlayer: PlayerAdapter {
    private let adapter: any MainActorPlayerAdapter
    /// Set by the driver; a main-actor adapter reports through the runtime's reporter instead.
    public var onReport: ((PlayerReport) -> Void)?

    /// Wraps `adapter`.
    @MainActor
    public init(_ adapter: any MainActorPlayerAdapter) {
        self.adapter = adapter
    }

    public var currentItemTime: MediaDuration {
        let adapter = self.adapter
        return MainActor.assumeIsolated { adapter.currentItemTime }
    }

    public func present(_ presentation: Presentation) {
        let adapter = self.adapter
        MainActor.assumeIsolated { adapter.present(presentation) }
    }

    public func setRate(_ rate: Double) {
        let adapter = self.adapter
        MainActor.assumeIsolated { adapter.setRate(rate) }
    }
}

/// Where an adapter on another isolation domain (the main actor, a
/// player's own queue) reports what its player did. It can be called from
/// anywhere; the runtime hands each report to the session on its own
/// domain, in order: at the next ``PlaybackRuntime/tick()`` at the latest,
/// or as soon as ``PlaybackRuntime/run(isolation:)`` gets to it.
public struct PlayerReporter: Sendable {
    let inbox: ReportInbox
    let wake: @Sendable () -> Void

    /// Reports `report`.
    public func report(_ report: PlayerReport) {
        inbox.append(report)
        wake()
    }
}

/// Reports waiting for the runtime, in order, from any thread.
final class ReportInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [PlayerReport] = []

    func append(_ report: PlayerReport) { lock.withLock { reports.append(report) } }

    /// The reports since the last call, in order.
    func drain() -> [PlayerReport] {
        lock.withLock {
            defer { reports = [] }
            return reports
        }
    }
}

/// Something on the main actor that follows a session beside the player
/// (a view model, an analytics bridge); see `PlaybackObserver`. Wrap it
/// in ``MainActorObserver`` for the driver's `observers`.
@MainActor
public protocol MainActorPlaybackObserver: AnyObject, Sendable {
    /// The session handled `input`, publishing `events`; `session` is its state after.
    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent])
    /// How much playback at 1x remains until this observer's next moment; `nil` when it has none.
    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration?
}

/// The driver's side of a ``MainActorPlaybackObserver``: the driver calls
/// it on its owner's domain, which must be the main actor.
public final class MainActorObserver: PlaybackObserver {
    private let observer: any MainActorPlaybackObserver

    /// Wraps `observer`.
    @MainActor
    public init(_ observer: any MainActorPlaybackObserver) {
        self.observer = observer
    }

    public func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        let observer = self.observer
        MainActor.assumeIsolated { observer.session(session, handled: input, published: events) }
    }

    public func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? {
        let observer = self.observer
        return MainActor.assumeIsolated { observer.timeToNextMoment(in: session) }
    }
}
