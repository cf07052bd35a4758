public import MediaTime
public import SSAITracking

/// When the avails of an SSAI session's tracking data end, as a follower
/// of the stream sees them: each once, when the live edge passes its known
/// end. A pure state machine: hand it the tracking changes and the live
/// edge as they come.
///
/// A live answer may list an avail before its length is known (duration 0,
/// ads still arriving): its end is not known yet, so it does not end, however
/// far the edge goes, until an answer states its duration. An avail that
/// turns out to hold overlays only ends when that answer comes. An avail
/// the server withdraws never ends.
///
/// ```swift
/// var ends = AvailEnds()
/// _ = ends.take(change)                    // availStart, availUpdate, …
/// for ended in ends.edge(playlistEnd) { print(ended.id, ended.end) }
/// ```
public struct AvailEnds: Sendable {
    /// An avail that ended, and where.
    public struct Ended: Sendable, Hashable {
        /// The avail's `availId`.
        public var id: String
        /// Where it ended on the stream.
        public var end: StreamTime

        /// Creates one.
        public init(id: String, end: StreamTime) {
            self.id = id
            self.end = end
        }
    }

    /// How many ended avails are remembered, so that a later answer about
    /// one does not open it again.
    public static let endedKept = 1_024

    /// Avails announced and not ended, with their end once it is known.
    private var open: [String: StreamTime?] = [:]
    private var ended: Set<String> = []
    private var endedOrder: [String] = []

    /// Creates the state: nothing announced.
    public init() {}

    /// Whether `id` has ended.
    public func hasEnded(_ id: String) -> Bool { ended.contains(id) }

    /// Takes what a tracking poll changed.
    /// - Returns: the avail it ended: one that turned out to hold overlays only.
    public mutating func take(_ change: TrackingChange) -> [Ended] {
        switch change {
        case .availStart(let avail), .availUpdate(let avail):
            guard !ended.contains(avail.id) else { return [] }
            open[avail.id] = .some(avail.duration > .zero ? avail.end : nil)
        case .availRemoved(let avail):
            open[avail.id] = nil
        case .nonLinearAvail(let avail):
            guard open.removeValue(forKey: avail.id) != nil else { return [] }
            markEnded(avail.id)
            return [Ended(id: avail.id, end: avail.start)]
        case .adStart, .adUpdate:
            break
        }
        return []
    }

    /// The live edge reached `edge`: the avails whose known end it passed,
    /// by end.
    public mutating func edge(_ edge: StreamTime) -> [Ended] {
        let passed = open.compactMap { id, end -> Ended? in
            guard let end, end <= edge else { return nil }
            return Ended(id: id, end: end)
        }.sorted { ($0.end, $0.id) < ($1.end, $1.id) }
        for avail in passed {
            open[avail.id] = nil
            markEnded(avail.id)
        }
        return passed
    }

    private mutating func markEnded(_ id: String) {
        ended.insert(id)
        endedOrder.append(id)
        if endedOrder.count > Self.endedKept {
            ended.remove(endedOrder.removeFirst())
        }
    }
}
