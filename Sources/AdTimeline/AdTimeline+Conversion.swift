public import MediaTime

/// Where a stream time falls: in content, or inside a break.
public enum StreamLocation: Sendable, Hashable {
    /// In the content, at this content time.
    case content(ContentTime)
    /// Inside a break, `offset` after its start.
    case inBreak(id: String, offset: MediaDuration)
}

extension AdTimeline {
    /// The stream time at which `contentTime` is reached: a break exactly at
    /// that position starts there.
    ///
    /// At minute 20 of content with 5 minutes of ads before it this is
    /// 1500 s; use ``streamTime(resumingAt:)`` for the time after a break at
    /// the position.
    /// - Complexity: O(log n).
    public func streamTime(forContentTime contentTime: ContentTime) -> StreamTime {
        let index = firstIndex { $0.position >= contentTime }
        return StreamTime(ticks: contentTime.ticks) + adDuration(beforeIndex: index)
    }

    /// The stream time at which content plays at `contentTime` after the
    /// break at that position (if any) is over.
    /// - Complexity: O(log n).
    public func streamTime(resumingAt contentTime: ContentTime) -> StreamTime {
        let index = firstIndex { $0.position > contentTime }
        return StreamTime(ticks: contentTime.ticks) + adDuration(beforeIndex: index)
    }

    /// The content time at `streamTime`; inside a break, the break's position.
    /// - Complexity: O(log n).
    public func contentTime(forStreamTime streamTime: StreamTime) -> ContentTime {
        switch location(ofStreamTime: streamTime) {
        case .content(let time): time
        case .inBreak(let id, _): contentPosition(ofBreak: id) ?? .zero
        }
    }

    /// Whether `streamTime` is in the content or inside a break.
    /// - Complexity: O(log n).
    public func location(ofStreamTime streamTime: StreamTime) -> StreamLocation {
        let started = startGaps.leadingCount(withSumAtMost: streamTime.ticks)
        guard started > 0 else { return .content(ContentTime(ticks: streamTime.ticks)) }
        let index = started - 1
        let start = StreamTime(ticks: startGaps.prefixSum(started))
        let entry = entries[index]
        let duration = entry.isRemoved ? MediaDuration.zero : entry.duration
        let offset = streamTime - start
        if offset < duration { return .inBreak(id: entry.adBreak.id, offset: offset) }
        return .content(entry.position + (offset - duration))
    }

    /// The stream time range a break occupies.
    /// - Complexity: O(log n).
    public func streamRange(ofBreak id: String) -> Range<StreamTime>? {
        guard let index = liveIndex(of: id) else { return nil }
        let start = StreamTime(ticks: startGaps.prefixSum(index + 1))
        return start..<(start + entries[index].duration)
    }

    /// The stream time at which the stream (post-roll included) ends; `nil`
    /// for live streams.
    /// - Complexity: O(log n).
    public var streamEnd: StreamTime? {
        contentEnd.map { streamTime(resumingAt: $0) }
    }

    /// Where content time `contentTime` lies in the main player item: in-stream
    /// breaks before it are stitched into the item, inserted ones are not.
    /// - Parameter afterBreak: whether a break exactly at the position is
    ///   behind the playhead.
    /// - Complexity: O(log n).
    public func mainItemTime(forContentTime contentTime: ContentTime, afterBreak: Bool) -> MediaDuration {
        let index = afterBreak ? firstIndex { $0.position > contentTime } : firstIndex { $0.position >= contentTime }
        return MediaDuration(ticks: contentTime.ticks + stitchedDurations.prefixSum(index))
    }

    /// Where an in-stream break's ads begin in the main player item.
    /// - Complexity: O(log n).
    public func mainItemTime(ofBreak id: String) -> MediaDuration? {
        guard let index = indexByID[id] else { return nil }
        return MediaDuration(ticks: entries[index].position.ticks + stitchedDurations.prefixSum(index))
    }

    /// The summed durations of the breaks before entry `index`.
    func adDuration(beforeIndex index: Int) -> MediaDuration {
        guard index > 0 else { return .zero }
        let last = entries[index - 1]
        let lastStart = startGaps.prefixSum(index)
        let lastDuration = last.isRemoved ? 0 : last.duration.ticks
        return MediaDuration(ticks: lastStart - last.position.ticks + lastDuration)
    }

    /// The first entry index whose entry satisfies a predicate that is false
    /// then true along the (sorted) entries.
    func firstIndex(where predicate: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
