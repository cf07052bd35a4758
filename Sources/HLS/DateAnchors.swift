internal import MediaTime

/// Where each PROGRAM-DATE-TIME fell in stream time, to map dates to stream
/// time and back (RFC 8216bis §4.4.4.6: the date of a segment's first sample).
struct DateAnchors: Sendable, Hashable {
    private var times: [Int64] = []
    private var dates: [Int64] = []
    private var head = 0

    var isEmpty: Bool { head == times.count }

    mutating func reserveCapacity(adding count: Int) {
        times.reserveCapacity(times.count + count)
        dates.reserveCapacity(dates.count + count)
    }

    mutating func append(time: StreamTime, date: ProgramDateTime) {
        times.append(time.ticks)
        dates.append(date.ticksSinceEpoch)
    }

    /// Drops anchors before `time`, keeping the last one before it.
    mutating func drop(before time: StreamTime) {
        while head + 1 < times.count, times[head + 1] <= time.ticks { head += 1 }
        if head > 1_024, head * 2 > times.count {
            times.removeFirst(head)
            dates.removeFirst(head)
            head = 0
        }
    }

    func date(at time: StreamTime) -> ProgramDateTime? {
        guard let index = lastIndex(in: times, atMost: time.ticks) else { return nil }
        return ProgramDateTime(ticksSinceEpoch: dates[index] + time.ticks - times[index])
    }

    func time(of date: ProgramDateTime) -> StreamTime? {
        guard let index = lastIndex(in: dates, atMost: date.ticksSinceEpoch) else { return nil }
        return StreamTime(ticks: times[index] + date.ticksSinceEpoch - dates[index])
    }

    /// Where `date` falls, read from the segments' own dates rather than one
    /// anchor: stream time skips what a follower missed (and a stream's
    /// dates may jump), so a date maps through the anchor that covers it.
    /// The search starts at the anchor in force at `tag` (where the tag
    /// naming the date sits, which settles a date the stream repeats after
    /// a jump back) and walks to the latest anchor whose date is at or
    /// before `date`; a date in a stretch the stream time skipped maps to
    /// the first segment after it. Nil without anchors.
    func time(of date: ProgramDateTime, near tag: StreamTime) -> StreamTime? {
        guard var index = lastIndex(in: times, atMost: tag.ticks) else { return nil }
        let target = date.ticksSinceEpoch
        while index > head, dates[index] > target, dates[index - 1] <= dates[index] { index -= 1 }
        while index + 1 < dates.count, dates[index + 1] <= target, dates[index + 1] >= dates[index] { index += 1 }
        let time = times[index] + target - dates[index]
        if index + 1 < times.count, time > times[index + 1] { return StreamTime(ticks: times[index + 1]) }
        return StreamTime(ticks: time)
    }

    /// The last anchor at or before `value`, else the first anchor (extrapolating backwards).
    private func lastIndex(in values: [Int64], atMost value: Int64) -> Int? {
        guard head < values.count else { return nil }
        var low = head
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, head)
    }
}
