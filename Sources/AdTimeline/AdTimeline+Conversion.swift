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
    ///
    /// Content a break covers (it replaces it, or resumes further on) maps
    /// into the break, at most to its end.
    public func streamTime(forContentTime contentTime: ContentTime) -> StreamTime {
        let prefix = tree.prefix(before: contentTime, inclusive: false)
        if let (entry, addedBefore) = tree.live(at: prefix.count - 1), contentTime < entry.position + entry.covered {
            let into = min(contentTime - entry.position, entry.duration)
            return StreamTime(ticks: entry.position.ticks + addedBefore + into.ticks)
        }
        return StreamTime(ticks: contentTime.ticks + prefix.added)
    }

    /// The stream time at which content plays at `contentTime` after the
    /// break at that position (if any) is over.
    /// - Complexity: O(log n).
    public func streamTime(resumingAt contentTime: ContentTime) -> StreamTime {
        StreamTime(ticks: contentTime.ticks + tree.prefix(before: contentTime, inclusive: true).added)
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
        let started = tree.liveCount(startingAtOrBefore: streamTime.ticks)
        guard let (entry, addedBefore) = tree.live(at: started - 1) else {
            return .content(ContentTime(ticks: streamTime.ticks))
        }
        let offset = MediaDuration(ticks: streamTime.ticks - entry.position.ticks - addedBefore)
        if offset < entry.duration { return .inBreak(id: entry.adBreak.id, offset: offset) }
        return .content(entry.position + offset - MediaDuration(ticks: entry.addedTicks))
    }

    /// The stream time range a break occupies.
    /// - Complexity: O(log n).
    public func streamRange(ofBreak id: String) -> Range<StreamTime>? {
        guard let entry = tree.liveEntry(id: id), let before = tree.prefix(beforeEntry: id) else { return nil }
        let start = StreamTime(ticks: entry.position.ticks + before.added)
        return start..<(start + entry.duration)
    }

    /// The stream time at which the stream (post-roll included) ends; `nil`
    /// for live streams.
    /// - Complexity: O(log n).
    public var streamEnd: StreamTime? {
        contentEnd.map { streamTime(resumingAt: $0) }
    }

    /// Where content time `contentTime` lies in the main player item: in-stream
    /// breaks before it are stitched into the item, inserted ones are not.
    /// - Parameter contentTime: the content time.
    /// - Parameter afterBreak: whether a break exactly at the position is
    ///   behind the playhead.
    /// - Complexity: O(log n).
    public func mainItemTime(forContentTime contentTime: ContentTime, afterBreak: Bool) -> MediaDuration {
        MediaDuration(ticks: contentTime.ticks + tree.prefix(before: contentTime, inclusive: afterBreak).stitched)
    }

    /// Where an in-stream break's ads begin in the main player item (a
    /// removed break's too: its ads are still stitched in).
    /// - Complexity: O(log n).
    public func mainItemTime(ofBreak id: String) -> MediaDuration? {
        guard let entry = tree.entry(id: id), let before = tree.prefix(beforeEntry: id) else { return nil }
        return MediaDuration(ticks: entry.position.ticks + before.stitched)
    }
}
