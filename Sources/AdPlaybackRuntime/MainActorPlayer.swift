public import AdPlayback
public import MediaTime

/// A player adapter that lives on the main actor, as one over AVPlayer or
/// any UIKit or AppKit player does. Wrap it in ``MainActorPlayer`` for the
/// driver, and hand it the runtime's ``PlaybackRuntime/reporter``: it
/// reports what its player did there, from its completion handlers, and
/// ``PlaybackRuntime/run()`` hands the reports to the session on the main
/// actor.
///
/// The driver calls it only on the main actor: own the runtime from a
/// `@MainActor` type.
@MainActor
public protocol MainActorPlayerAdapter: AnyObject, Sendable {
    /// The current item's playback position, as the player reports it.
    var currentItemTime: MediaDuration { get }
    /// Shows a presentation (see ``PlayerAdapter/present(_:)``); report
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
/// anywhere; ``PlaybackRuntime/run()`` hands each report to the session on
/// the runtime's domain, in order.
public struct PlayerReporter: Sendable {
    let deliver: @Sendable (PlayerReport) -> Void

    /// Reports `report`.
    public func report(_ report: PlayerReport) { deliver(report) }
}
