import MediaTime

extension AdTimeline {
    /// Whether a break counts as watched.
    public func isWatched(_ id: String) -> Bool { watchedIDs.contains(id) }

    /// The ids of watched breaks, in content order.
    /// - Complexity: O(w log w) for w watched breaks.
    public var watchedBreakIDs: [String] { inContentOrder(watchedIDs) }

    /// Break ids sorted by the breaks' content positions; ids this timeline
    /// does not know come last, by name.
    /// - Complexity: O(k log k) for k ids.
    public func inContentOrder(_ ids: some Sequence<String>) -> [String] {
        var known: [(index: Int, id: String)] = []
        var unknown: [String] = []
        for id in ids {
            if let index = indexByID[id] { known.append((index, id)) } else { unknown.append(id) }
        }
        known.sort { $0.index < $1.index }
        return known.map(\.id) + unknown.sorted()
    }

    /// Marks a break watched. Ids not in the timeline are ignored: a bookmark
    /// may name breaks a later manifest no longer has.
    /// - Complexity: O(1).
    public mutating func markWatched(_ id: String) {
        guard indexByID[id] != nil else { return }
        watchedIDs.insert(id)
    }

    /// Marks a break unwatched.
    public mutating func markUnwatched(_ id: String) {
        watchedIDs.remove(id)
    }

    /// Removes a break: it no longer plays and no longer occupies stream time.
    ///
    /// Returns the removed break, or `nil` if it was not in the timeline.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func removeBreak(id: String) -> AdBreak? {
        guard let index = liveIndex(of: id) else { return nil }
        entries[index].isRemoved = true
        liveFlags.add(-1, at: index)
        if index + 1 < entries.count {
            startGaps.add(-entries[index].duration.ticks, at: index + 1)
        }
        return entries[index].adBreak
    }
}
