public import MediaTime

extension AdTimeline {
    /// The first break positioned strictly after `contentTime`.
    /// - Complexity: O(log n).
    public func nextBreak(afterContentTime contentTime: ContentTime) -> AdBreak? {
        liveIndex(atOrAfter: firstIndex { $0.position > contentTime }).map { entries[$0].adBreak }
    }

    /// The last break positioned strictly before `contentTime`.
    /// - Complexity: O(log n).
    public func previousBreak(beforeContentTime contentTime: ContentTime) -> AdBreak? {
        liveIndex(before: firstIndex { $0.position >= contentTime }).map { entries[$0].adBreak }
    }

    /// The last break that starts before `streamTime` (the one the playhead
    /// is in, or the last one it passed).
    /// - Complexity: O(log n).
    public func previousBreak(beforeStreamTime streamTime: StreamTime) -> AdBreak? {
        let started = startGaps.leadingCount(withSumAtMost: streamTime.ticks - 1)
        return liveIndex(before: started).map { entries[$0].adBreak }
    }

    /// The first break that starts at or after `streamTime`.
    /// - Complexity: O(log n).
    public func nextBreak(atOrAfterStreamTime streamTime: StreamTime) -> AdBreak? {
        let started = startGaps.leadingCount(withSumAtMost: streamTime.ticks - 1)
        return liveIndex(atOrAfter: started).map { entries[$0].adBreak }
    }

    /// The break exactly at `contentTime`, if any.
    /// - Complexity: O(log n).
    public func adBreak(atContentTime contentTime: ContentTime) -> AdBreak? {
        let index = firstIndex { $0.position >= contentTime }
        guard index < entries.count, entries[index].position == contentTime, !entries[index].isRemoved else {
            return nil
        }
        return entries[index].adBreak
    }

    /// The breaks positioned strictly between two content times, in the order
    /// a jump from `start` to `end` passes them: ascending when `start < end`,
    /// descending otherwise.
    /// - Complexity: O(log n + k) for k breaks returned.
    public func breaks(between start: ContentTime, and end: ContentTime) -> [AdBreak] {
        let low = min(start, end)
        let high = max(start, end)
        var result: [AdBreak] = []
        var index = liveIndex(atOrAfter: firstIndex { $0.position > low })
        while let current = index, entries[current].position < high {
            result.append(entries[current].adBreak)
            index = liveIndex(atOrAfter: current + 1)
        }
        return start <= end ? result : result.reversed()
    }

    /// The first live entry index at or after `index`.
    func liveIndex(atOrAfter index: Int) -> Int? {
        guard index < entries.count else { return nil }
        if !entries[index].isRemoved { return index }
        let liveBefore = liveFlags.prefixSum(index)
        let found = liveFlags.leadingCount(withSumAtMost: liveBefore)
        return found < entries.count ? found : nil
    }

    /// The last live entry index before `index`.
    func liveIndex(before index: Int) -> Int? {
        guard index > 0 else { return nil }
        if !entries[index - 1].isRemoved { return index - 1 }
        let liveBefore = liveFlags.prefixSum(index)
        guard liveBefore > 0 else { return nil }
        return liveFlags.leadingCount(withSumAtMost: liveBefore - 1)
    }
}
