internal import MediaTime

/// Where each PROGRAM-DATE-TIME fell in stream time, to map dates to stream
/// time and back (RFC 8216bis §4.4.4.6: the date of a segment's first sample).
struct DateAnchors: Sendable, Hashable {
    private var times: [Int64] = []
    private var dates: [Int64] = []
    private var head = 0
    /// The indices whose date is earlier than the one before (the stream's
    /// dates started over): each begins a run of dates that never go back,
    /// the first run beginning at `head`.
    private var runStarts: [Int] = []
    /// The date of the last anchor appended.
    private var lastDate = Int64.min

    var isEmpty: Bool { head == times.count }

    mutating func reserveCapacity(adding count: Int) {
        times.reserveCapacity(times.count + count)
        dates.reserveCapacity(dates.count + count)
    }

    /// Every dated segment appends one, so it stays inlined; a date that
    /// goes back, which starts a run, is noted out of line.
    @inline(__always)
    mutating func append(time: StreamTime, date: ProgramDateTime) {
        if date.ticksSinceEpoch < lastDate { noteRunStart() }
        lastDate = date.ticksSinceEpoch
        times.append(time.ticks)
        dates.append(date.ticksSinceEpoch)
    }

    @inline(never)
    private mutating func noteRunStart() { runStarts.append(dates.count) }

    /// Drops anchors before `time`, keeping the last one before it.
    mutating func drop(before time: StreamTime) {
        while head + 1 < times.count, times[head + 1] <= time.ticks { head += 1 }
        if head > 1_024, head * 2 > times.count {
            times.removeFirst(head)
            dates.removeFirst(head)
            let gone = runStarts.prefix { $0 <= head }.count
            runStarts.removeFirst(gone)
            for index in runStarts.indices { runStarts[index] -= head }
            head = 0
        }
    }

    func date(at time: StreamTime) -> ProgramDateTime? {
        var cursor = Cursor()
        return date(at: time, cursor: &cursor)
    }

    /// Where the last lookup of a run of nearby ones landed: the parser asks
    /// for the dates of its signals in stream order, so the next answer is a
    /// few anchors on, found by a gallop from here rather than a search of
    /// the whole array (whose every step was a cache miss).
    struct Cursor {
        fileprivate var index = -1
    }

    /// The same, searching from `cursor` and moving it to the anchor used.
    func date(at time: StreamTime, cursor: inout Cursor) -> ProgramDateTime? {
        guard let index = lastIndex(in: times, atMost: time.ticks, near: &cursor) else { return nil }
        return ProgramDateTime(ticksSinceEpoch: dates[index] + time.ticks - times[index])
    }

    func time(of date: ProgramDateTime) -> StreamTime? {
        guard let index = lastIndex(in: dates, atMost: date.ticksSinceEpoch) else { return nil }
        return StreamTime(ticks: times[index] + date.ticksSinceEpoch - dates[index])
    }

    /// Where `date` falls, read from the segments' own dates rather than one
    /// anchor: stream time skips what a follower missed (and a stream's
    /// dates may jump), so a date maps through the anchor that covers it.
    /// The search keeps to the run of dates that holds the anchor in force
    /// at `tag` (where the tag naming the date sits, which settles a date
    /// the stream repeats after a jump back) and finds there the latest
    /// anchor whose date is at or before `date`, else the run's first; a
    /// date in a stretch the stream time skipped maps to the first segment
    /// after it. Nil without anchors.
    ///
    /// - Complexity: O(log n): the dates of a run never go back, so it is a
    ///   binary search, however far the tag is from its date (a VOD
    ///   playlist may list every date range at the top).
    func time(of date: ProgramDateTime, near tag: StreamTime) -> StreamTime? {
        var cursor = Cursor()
        return time(of: date, near: tag, cursor: &cursor)
    }

    /// The same, finding the tag's anchor from `cursor` and moving it there.
    func time(of date: ProgramDateTime, near tag: StreamTime, cursor: inout Cursor) -> StreamTime? {
        guard let anchor = lastIndex(in: times, atMost: tag.ticks, near: &cursor) else { return nil }
        let target = date.ticksSinceEpoch
        let run = self.run(holding: anchor)
        // Most dates fall in the segment of the tag that names them.
        if dates[anchor] <= target, anchor + 1 == run.upperBound || dates[anchor + 1] > target {
            return placed(target, through: anchor)
        }
        var low = run.lowerBound
        var high = run.upperBound
        while low < high {
            let middle = (low + high) / 2
            if dates[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return placed(target, through: max(low - 1, run.lowerBound))
    }

    /// The stream time of date `target` through anchor `index`: a date past
    /// the next anchor (in a stretch the stream time skipped) is the next
    /// anchor's segment.
    private func placed(_ target: Int64, through index: Int) -> StreamTime {
        let time = times[index] + target - dates[index]
        if index + 1 < times.count, time > times[index + 1] { return StreamTime(ticks: times[index + 1]) }
        return StreamTime(ticks: time)
    }

    /// The anchors of the run of never-decreasing dates that holds `index`.
    private func run(holding index: Int) -> Range<Int> {
        // The first run start after `index`.
        var low = 0
        var high = runStarts.count
        while low < high {
            let middle = (low + high) / 2
            if runStarts[middle] <= index { low = middle + 1 } else { high = middle }
        }
        let start = low > 0 ? max(runStarts[low - 1], head) : head
        return start..<(low < runStarts.count ? runStarts[low] : dates.count)
    }

    /// The last anchor at or before `value`, else the first anchor (extrapolating backwards).
    private func lastIndex(in values: [Int64], atMost value: Int64) -> Int? {
        guard head < values.count else { return nil }
        return max(firstAbove(value, in: values, head..<values.count) - 1, head)
    }

    /// The same, for sorted `values`, galloping out from `cursor` to bracket
    /// the answer before the binary search; the cursor moves to the answer.
    private func lastIndex(in values: [Int64], atMost value: Int64, near cursor: inout Cursor) -> Int? {
        guard head < values.count else { return nil }
        // A first lookup has nowhere to gallop from: a plain search.
        guard cursor.index >= 0 else {
            let index = lastIndex(in: values, atMost: value)
            cursor.index = index ?? -1
            return index
        }
        let start = min(max(cursor.index, head), values.count - 1)
        var low: Int
        var high: Int
        var step = 1
        if values[start] <= value {
            // Everything before `low` is at most `value`; `high` is above it, or the end.
            low = start + 1
            high = low
            while high < values.count, values[high] <= value {
                low = high + 1
                high = min(high + step, values.count)
                step *= 2
            }
        } else {
            // `high` is above `value`; everything before `low` is at most it, or `low` is the first anchor.
            high = start
            low = start
            while low > head, values[low - 1] > value {
                high = low - 1
                low = max(low - step, head)
                step *= 2
            }
        }
        let index = max(firstAbove(value, in: values, low..<high) - 1, head)
        cursor.index = index
        return index
    }

    /// The first index of `range` whose value is above `value`, or its end;
    /// the values of `range` are sorted.
    private func firstAbove(_ value: Int64, in values: [Int64], _ range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
