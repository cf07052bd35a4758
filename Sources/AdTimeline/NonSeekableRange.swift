public import MediaTime

/// A range of the content a seek may not land in (a blackout kept in the
/// DVR window, say): a seek into it lands at its end.
public struct NonSeekableRange: Sendable, Hashable {
    /// The content times covered.
    public var range: Range<ContentTime>
    /// Why, as events report it (`blackout`, …).
    public var reason: String

    /// Creates a range.
    public init(_ range: Range<ContentTime>, reason: String) {
        self.range = range
        self.reason = reason
    }
}

extension AdTimeline {
    /// The ranges a seek may not land in, in content order, none overlapping.
    public var nonSeekableRanges: [NonSeekableRange] { nonSeekable }

    /// Makes `range` non-seekable. Ranges that overlap or touch it merge
    /// into one, which keeps the earliest one's reason.
    /// - Complexity: O(m) for m ranges.
    public mutating func addNonSeekableRange(_ range: Range<ContentTime>, reason: String) {
        guard !range.isEmpty else { return }
        var merged = NonSeekableRange(range, reason: reason)
        var kept: [NonSeekableRange] = []
        kept.reserveCapacity(nonSeekable.count + 1)
        for existing in nonSeekable {
            if existing.range.upperBound < merged.range.lowerBound || existing.range.lowerBound > merged.range.upperBound {
                kept.append(existing)
                continue
            }
            let low = min(existing.range.lowerBound, merged.range.lowerBound)
            let high = max(existing.range.upperBound, merged.range.upperBound)
            let reason = existing.range.lowerBound <= merged.range.lowerBound ? existing.reason : merged.reason
            merged = NonSeekableRange(low..<high, reason: reason)
        }
        let index = kept.firstIndex { $0.range.lowerBound > merged.range.lowerBound } ?? kept.count
        kept.insert(merged, at: index)
        nonSeekable = kept
    }

    /// The non-seekable range that contains `time`, if any.
    /// - Complexity: O(log m).
    public func nonSeekableRange(containing time: ContentTime) -> NonSeekableRange? {
        var low = 0
        var high = nonSeekable.count
        while low < high {
            let middle = (low + high) / 2
            if nonSeekable[middle].range.upperBound <= time { low = middle + 1 } else { high = middle }
        }
        guard low < nonSeekable.count, nonSeekable[low].range.contains(time) else { return nil }
        return nonSeekable[low]
    }
}
