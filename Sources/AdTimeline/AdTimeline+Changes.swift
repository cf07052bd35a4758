import MediaTime

extension AdTimeline {
    /// Whether a break counts as watched (one that left the live window
    /// keeps its state).
    public func isWatched(_ id: String) -> Bool { watchedIDs.contains(id) || retiredWatched.contains(id) }

    /// The ids of watched breaks in content order, those that left the live
    /// window first.
    /// - Complexity: O(w log w) for w watched breaks.
    public var watchedBreakIDs: [String] { inContentOrder(watchedIDs.union(retiredWatched.ids)) }

    /// Break ids sorted by the breaks' content positions; ids this timeline
    /// does not know come last, by name.
    /// - Complexity: O(k log k) for k ids.
    public func inContentOrder(_ ids: some Sequence<String>) -> [String] {
        var known: [(position: ContentTime, id: String)] = []
        var unknown: [String] = []
        for id in ids {
            if let position = tree.entry(id: id)?.position ?? retiredWatched.position(of: id) {
                known.append((position, id))
            } else {
                unknown.append(id)
            }
        }
        known.sort { $0.position < $1.position }
        return known.map(\.id) + unknown.sorted()
    }

    /// Marks a break watched. Ids not in the timeline are ignored: a bookmark
    /// may name breaks a later manifest no longer has.
    /// - Complexity: O(1).
    public mutating func markWatched(_ id: String) {
        guard tree.entry(id: id) != nil else { return }
        watchedIDs.insert(id)
    }

    /// Marks a break unwatched.
    public mutating func markUnwatched(_ id: String) {
        watchedIDs.remove(id)
        retiredWatched.remove(id)
    }

    /// Removes a break: it no longer plays and no longer occupies stream
    /// time (its stitched ads stay in the main item's time).
    ///
    /// Returns the removed break, or `nil` if it was not in the timeline.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func removeBreak(id: String) -> AdBreak? {
        guard let entry = tree.liveEntry(id: id) else { return nil }
        tree.update(id: id) { $0.isRemoved = true }
        return entry.adBreak
    }

    /// Takes out a break its source withdrew before it played (an SSAI
    /// avail the server no longer lists): it leaves the timeline with the
    /// time it took, as if it had never been announced.
    /// - Throws: ``TimelineError`` (`unknownBreak`) when it is not in the timeline.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func withdrawBreak(id: String) throws(TimelineError) -> AdBreak {
        guard let entry = tree.liveEntry(id: id) else { throw .unknownBreak(id) }
        _ = tree.delete(id: id)
        watchedIDs.remove(id)
        return entry.adBreak
    }

    /// The state of each ad of a break, in play order.
    public func adStates(ofBreak id: String) -> [AdState]? { tree.entry(id: id)?.adStates }

    /// Sets the state of ad `index` of a break.
    /// - Complexity: O(log n).
    public mutating func setState(_ state: AdState, ofAd index: Int, inBreak id: String) {
        guard let entry = tree.entry(id: id), entry.adStates.indices.contains(index), entry.adStates[index] != state else {
            return
        }
        tree.update(id: id) { $0.adStates[index] = state }
    }

    /// Sets every ad of a break still `available` or `playing` to `state`
    /// (a skipped break's ads are skipped; played ones stay played).
    /// - Complexity: O(log n + ads).
    public mutating func settleAds(ofBreak id: String, as state: AdState) {
        guard let entry = tree.entry(id: id), entry.adStates.contains(where: { $0 == .available || $0 == .playing }) else {
            return
        }
        tree.update(id: id) { entry in
            for index in entry.adStates.indices where entry.adStates[index] == .available || entry.adStates[index] == .playing {
                entry.adStates[index] = state
            }
        }
    }
}
