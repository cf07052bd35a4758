public import AdPlayback
public import MediaTime

/// A headless player: it shows an item at a time and plays at its rate when
/// its owner advances it.
///
/// By default it is ideal: every presentation is ready at once, exactly
/// where it was asked, and nothing fails. ``SimulatedPlayer/Options`` make
/// it behave as a real player does: loads and seeks that take time (its
/// position is the old item's until then), keyframe landings, ads that fail
/// to load, and stalls.
public final class SimulatedPlayer: PlayerAdapter {
    /// How the player departs from an ideal one.
    public struct Options: Sendable, Hashable {
        /// How long a seek in the item shown takes.
        public var seekLatency: MediaDuration
        /// How long loading another item takes.
        public var loadLatency: MediaDuration
        /// Keyframes every this long: a presentation that need not be exact
        /// lands on the keyframe at or before its time. `nil`: exact always.
        public var keyframeInterval: MediaDuration?
        /// Stalls, by the stream time where playback stalls and how long.
        public var stalls: [Stall]

        /// A scripted stall.
        public struct Stall: Sendable, Hashable {
            /// The stream time where playback stalls.
            public var at: StreamTime
            /// How long, in wall time.
            public var duration: MediaDuration

            /// Creates a stall.
            public init(at: StreamTime, duration: MediaDuration) {
                self.at = at
                self.duration = duration
            }
        }

        /// Creates options; the defaults are an ideal player.
        public init(
            seekLatency: MediaDuration = .zero, loadLatency: MediaDuration = .zero, keyframeInterval: MediaDuration? = nil,
            stalls: [Stall] = []
        ) {
            self.seekLatency = seekLatency
            self.loadLatency = loadLatency
            self.keyframeInterval = keyframeInterval
            self.stalls = stalls
        }

        /// The ideal player.
        public static var ideal: Options { Options() }
    }

    /// A presentation on its way: what it will report, and when.
    private struct Loading {
        var presentation: Presentation
        var due: MediaDuration
        var failure: PlayerFailure?
        var landing: MediaDuration
    }

    /// The item shown.
    public private(set) var item: PlayerItem = .main
    /// The item's playback position: while a presentation loads, still the
    /// old item's, as a real player reports it.
    public private(set) var currentItemTime: MediaDuration = .zero
    /// The playback rate.
    public private(set) var rate: Double = 0
    /// Every item switch, in order: what a real player would have loaded.
    public private(set) var itemHistory: [PlayerItem] = []
    /// How it departs from an ideal player.
    public let options: Options
    /// Where reports made at once go (an ideal player is ready inside
    /// ``present(_:)``); the owner delivers them to the session.
    public var onReport: ((PlayerReport) -> Void)?
    /// Whether an inserted ad's item fails to load (VAST 401), by its
    /// break and ad ids; none does by default.
    public var failsToLoad: (_ breakID: String, _ adID: String) -> Bool = { _, _ in false }

    private var elapsed: MediaDuration = .zero
    private var loading: Loading?
    private var stalledUntil: MediaDuration?

    /// Creates a player showing the main item at 0, held.
    public init(options: Options = .ideal) {
        self.options = options
    }

    public func present(_ presentation: Presentation) {
        var failure: PlayerFailure?
        if case .ad(let breakID, let adID, _) = presentation.item, failsToLoad(breakID, adID) {
            failure = .notFound("the simulated ad \(breakID)/\(adID) fails to load")
        }
        var landing = presentation.time
        if presentation.precision == .keyframe, let interval = options.keyframeInterval, interval > .zero {
            landing = MediaDuration(ticks: presentation.time.ticks / interval.ticks * interval.ticks)
        }
        let latency = presentation.replacesItem ? options.loadLatency : options.seekLatency
        if presentation.replacesItem || failure != nil { stalledUntil = nil }
        loading = Loading(presentation: presentation, due: elapsed + latency, failure: failure, landing: landing)
        if latency <= .zero, let report = completeLoading() { onReport?(report) }
    }

    public func setRate(_ rate: Double) { self.rate = rate }

    /// Wall time until the player reports something (a presentation ready
    /// or failed, a stall's end); `nil` when nothing is on its way.
    public var timeToNextReport: MediaDuration? {
        [loading.map { $0.due - elapsed }, stalledUntil.map { $0 - elapsed }].compactMap(\.self).min().map { max(.zero, $0) }
    }

    /// Whether a presentation is loading.
    public var isLoading: Bool { loading != nil }

    /// Whether playback is stalled.
    public var isStalled: Bool { stalledUntil != nil }

    /// Plays for `duration` of wall time at the current rate; a loading
    /// presentation or a stall holds the position.
    public func advance(by duration: MediaDuration) {
        elapsed += duration
        guard rate > 0, loading == nil, stalledUntil == nil else { return }
        currentItemTime += MediaDuration(ticks: Int64((Double(duration.ticks) * rate).rounded()))
    }

    /// The reports due by now, in order.
    public func takeDueReports() -> [PlayerReport] {
        var reports: [PlayerReport] = []
        if let due = loading?.due, due <= elapsed, let report = completeLoading() { reports.append(report) }
        if let until = stalledUntil, until <= elapsed {
            stalledUntil = nil
            reports.append(.stallEnded)
        }
        return reports
    }

    /// Playback stalls for `duration` of wall time from now.
    /// - Returns: the report to deliver.
    public func stall(for duration: MediaDuration) -> PlayerReport {
        stalledUntil = elapsed + duration
        return .stalled
    }

    private func completeLoading() -> PlayerReport? {
        guard let done = loading else { return nil }
        loading = nil
        if let failure = done.failure { return .failed(done.presentation.id, failure) }
        if done.presentation.item != item { itemHistory.append(done.presentation.item) }
        item = done.presentation.item
        currentItemTime = done.landing
        return .ready(done.presentation.id, landedAt: done.landing)
    }
}
