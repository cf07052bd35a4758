public import MediaTime

/// What a session needs of a video player. Implement it over AVPlayer,
/// ExoPlayer or anything else; ``PlaybackDriver`` calls it.
public protocol PlayerAdapter: AnyObject {
    /// The current item's playback position.
    var currentItemTime: MediaDuration { get }
    /// Shows `item` at `time`: replaces the item if it differs, then seeks.
    func present(_ item: PlayerItem, at time: MediaDuration)
    /// Sets the playback rate (0 holds, 1 plays).
    func setRate(_ rate: Double)
}
