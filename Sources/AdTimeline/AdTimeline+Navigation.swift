public import MediaTime

extension AdTimeline {
    /// The first break positioned strictly after `contentTime`.
    /// - Complexity: O(log n).
    public func nextBreak(afterContentTime contentTime: ContentTime) -> AdBreak? {
        tree.live(at: tree.prefix(before: contentTime, inclusive: true).count)?.entry.adBreak
    }

    /// The last break positioned strictly before `contentTime`.
    /// - Complexity: O(log n).
    public func previousBreak(beforeContentTime contentTime: ContentTime) -> AdBreak? {
        tree.live(at: tree.prefix(before: contentTime, inclusive: false).count - 1)?.entry.adBreak
    }

    /// The last break that starts before `streamTime` (the one the playhead
    /// is in, or the last one it passed).
    /// - Complexity: O(log n).
    public func previousBreak(beforeStreamTime streamTime: StreamTime) -> AdBreak? {
        tree.live(at: tree.liveCount(startingAtOrBefore: streamTime.ticks - 1) - 1)?.entry.adBreak
    }

    /// The first break that starts at or after `streamTime`.
    /// - Complexity: O(log n).
    public func nextBreak(atOrAfterStreamTime streamTime: StreamTime) -> AdBreak? {
        tree.live(at: tree.liveCount(startingAtOrBefore: streamTime.ticks - 1))?.entry.adBreak
    }

    /// The break exactly at `contentTime`, if any; of several there, the
    /// first (``breakFollowing(_:)`` gives the others).
    /// - Complexity: O(log n).
    public func adBreak(atContentTime contentTime: ContentTime) -> AdBreak? {
        guard let entry = tree.live(at: tree.prefix(before: contentTime, inclusive: false).count)?.entry,
              entry.position == contentTime else { return nil }
        return entry.adBreak
    }

    /// The break that plays right after the break `id` at the same position
    /// (breaks at one position play back to back, in the order they
    /// entered the timeline), if any.
    /// - Complexity: O(log n).
    public func breakFollowing(_ id: String) -> AdBreak? {
        guard let entry = tree.liveEntry(id: id), let before = tree.prefix(beforeEntry: id),
              let next = tree.live(at: before.count + 1)?.entry, next.position == entry.position else { return nil }
        return next.adBreak
    }

    /// The breaks positioned strictly between two content times, in the order
    /// a jump from `start` to `end` passes them: ascending when `start < end`,
    /// descending otherwise.
    /// - Complexity: O((k + 1) log n) for k breaks returned.
    public func breaks(between start: ContentTime, and end: ContentTime) -> [AdBreak] {
        let low = min(start, end)
        let high = max(start, end)
        var result: [AdBreak] = []
        var rank = tree.prefix(before: low, inclusive: true).count
        while let (entry, _) = tree.live(at: rank), entry.position < high {
            result.append(entry.adBreak)
            rank += 1
        }
        return start <= end ? result : result.reversed()
    }
}
