public import MediaTime

/// The blackouts a viewer of a live window knows: one per id, in start
/// order, ended ones forgotten once the window has passed them, and no
/// more than ``endedLimit`` ended ones kept (oldest first out). The one
/// keeping of them, for a session and for a tool that follows a stream
/// without one.
public struct BlackoutList: Sendable, Hashable {
    /// How many ended blackouts are kept.
    public static let endedLimit = 64

    /// The blackouts, in start order.
    public private(set) var blackouts: [Blackout] = []

    /// An empty list.
    public init() {}

    /// Takes a blackout, new or changed (the same id replaces it).
    public mutating func take(_ blackout: Blackout) {
        blackouts.removeAll { $0.id == blackout.id }
        let index = blackouts.firstIndex { $0.start > blackout.start } ?? blackouts.endIndex
        blackouts.insert(blackout, at: index)
        var ended = blackouts.reduce(0) { $0 + ($1.isOpen ? 0 : 1) }
        while ended > Self.endedLimit, let oldest = blackouts.firstIndex(where: { !$0.isOpen }) {
            blackouts.remove(at: oldest)
            ended -= 1
        }
    }

    /// Forgets the blackouts that ended at or before `windowStart`, except `keeping`.
    public mutating func forget(endedBefore windowStart: StreamTime, keeping: String? = nil) {
        blackouts.removeAll { blackout in
            guard let end = blackout.end, blackout.id != keeping else { return false }
            return end <= windowStart
        }
    }

    /// The ended ones that cover some time: what a seek may not land in.
    public var endedRanges: [(id: String, range: Range<StreamTime>)] {
        blackouts.compactMap { blackout in
            guard let end = blackout.end, end > blackout.start else { return nil }
            return (blackout.id, blackout.start..<end)
        }
    }
}
