public import AdPlayback
public import MediaTime

/// A headless player: it shows an item at a time and plays at its rate when
/// its owner advances it.
public final class SimulatedPlayer: PlayerAdapter {
    /// The item shown.
    public private(set) var item: PlayerItem = .main
    /// The item's playback position.
    public private(set) var currentItemTime: MediaDuration = .zero
    /// The playback rate.
    public private(set) var rate: Double = 0
    /// Every item switch, in order: what a real player would have loaded.
    public private(set) var itemHistory: [PlayerItem] = []

    /// Creates a player showing the main item at 0, held.
    public init() {}

    public func present(_ item: PlayerItem, at time: MediaDuration) {
        if item != self.item { itemHistory.append(item) }
        self.item = item
        currentItemTime = time
    }

    public func setRate(_ rate: Double) { self.rate = rate }

    /// Plays for `duration` of wall time at the current rate.
    public func advance(by duration: MediaDuration) {
        guard rate > 0 else { return }
        currentItemTime += MediaDuration(ticks: Int64((Double(duration.ticks) * rate).rounded()))
    }
}
