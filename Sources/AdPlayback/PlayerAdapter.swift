public import MediaTime

/// What a session needs of a video player. Implement it over AVPlayer,
/// ExoPlayer, mpv or anything else; ``PlaybackDriver`` calls it, and the
/// adapter reports back what the player did as
/// ``SessionInput/player(_:)`` inputs (Docs/Players.md has the contract,
/// each case's sequence and a checklist).
public protocol PlayerAdapter: AnyObject {
    /// The current item's playback position, as the player reports it
    /// (stale while a presentation loads: the session ignores it until the
    /// presentation is ready).
    var currentItemTime: MediaDuration { get }
    /// Shows a presentation: replaces the item when it differs, then seeks,
    /// exactly or to a keyframe as its precision says. When the player has
    /// done it, report ``PlayerReport/ready(_:landedAt:)`` with its
    /// identity and where it landed; if it cannot,
    /// ``PlayerReport/failed(_:_:)``. A report may come from inside this call.
    func present(_ presentation: Presentation)
    /// Sets the playback rate (0 holds, 1 plays).
    func setRate(_ rate: Double)
    /// Where the adapter reports what the player did: ready, ended, failed,
    /// stalled. The driver sets it when it is created; call it on the
    /// driver's isolation domain, from inside ``present(_:)`` or later.
    var onReport: ((PlayerReport) -> Void)? { get set }
}
