@testable import HLS
import MediaTime
import Testing

/// `DateAnchors.time(of:near:)` finds a date's anchor by binary search
/// within the run of non-decreasing dates that holds the tag's anchor, so
/// a date range listed far from its date (a VOD playlist that lists its
/// ranges at the top) costs a search, not a walk over every segment
/// between. It must place every date where the walk over the anchors does.
@Suite struct DateAnchorRunsTests {
    /// The walk the search replaces, anchor by anchor: back while the
    /// anchor's date is after `date` and the dates before it do not jump,
    /// then forward while the next date is at or before `date` and does not
    /// jump back.
    static func walked(_ times: [Int64], _ dates: [Int64], head: Int, date target: Int64, tag: Int64) -> Int64? {
        guard head < times.count else { return nil }
        var low = head
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= tag { low = middle + 1 } else { high = middle }
        }
        var index = max(low - 1, head)
        while index > head, dates[index] > target, dates[index - 1] <= dates[index] { index -= 1 }
        while index + 1 < dates.count, dates[index + 1] <= target, dates[index + 1] >= dates[index] { index += 1 }
        let time = times[index] + target - dates[index]
        if index + 1 < times.count, time > times[index + 1] { return times[index + 1] }
        return time
    }

    /// The date at stream time `time`, anchor by anchor: through the last
    /// anchor at or before it, else the first.
    static func dated(_ times: [Int64], _ dates: [Int64], head: Int, at time: Int64) -> Int64? {
        guard head < times.count else { return nil }
        var index = head
        while index + 1 < times.count, times[index + 1] <= time { index += 1 }
        return dates[index] + time - times[index]
    }

    /// A small generator with a seed, so every run checks the same cases.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: 0..<40)
    func everyDate_isPlacedWhereTheWalkPlacesIt(seed: Int) {
        var random = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var anchors = DateAnchors()
        var times: [Int64] = []
        var dates: [Int64] = []
        var time: Int64 = 0
        var date: Int64 = 1_000_000
        let count = 1 + random.next(3_000)
        for _ in 0..<count {
            times.append(time)
            dates.append(date)
            anchors.append(time: StreamTime(ticks: time), date: ProgramDateTime(ticksSinceEpoch: date))
            time += Int64(1 + random.next(10))
            // Mostly on with the stream, sometimes repeating a date, jumping ahead or starting over earlier.
            switch random.next(40) {
            case 0: date -= Int64(random.next(5_000))
            case 1: date += Int64(random.next(5_000))
            case 2: break
            default: date += time - times[times.count - 1]
            }
        }
        let earliest = dates.min()! - 1_000
        let span = Int(dates.max()! + 1_000 - earliest)
        var head = 0
        var cursor = DateAnchors.Cursor()
        for round in 0..<4 {
            for _ in 0..<200 {
                let tag = Int64(random.next(Int(time) + 20)) - 10
                let target = earliest + Int64(random.next(span))
                let expected = Self.walked(times, dates, head: head, date: target, tag: tag)
                let found = anchors.time(of: ProgramDateTime(ticksSinceEpoch: target), near: StreamTime(ticks: tag))
                #expect(found?.ticks == expected, "seed \(seed), round \(round): date \(target) near \(tag)")
                // From a cursor left wherever the last lookup was, in whichever direction the next one lies.
                let fromCursor = anchors.time(of: ProgramDateTime(ticksSinceEpoch: target), near: StreamTime(ticks: tag),
                                              cursor: &cursor)
                #expect(fromCursor?.ticks == expected, "seed \(seed), round \(round): date \(target) near \(tag), from a cursor")
                let dated = anchors.date(at: StreamTime(ticks: tag), cursor: &cursor)
                #expect(dated?.ticksSinceEpoch == Self.dated(times, dates, head: head, at: tag), "seed \(seed): date at \(tag)")
            }
            // Stream order, as the parser asks: every lookup from the last one's place.
            var time = Int64(-10)
            while time < times[times.count - 1] + 10 {
                #expect(anchors.date(at: StreamTime(ticks: time), cursor: &cursor)?.ticksSinceEpoch
                        == Self.dated(times, dates, head: head, at: time), "seed \(seed): date at \(time), in order")
                time += Int64(1 + random.next(40))
            }
            // Drop a stretch, as a live window slides (past 1,024 anchors the arrays are compacted).
            let cut = times[min(times.count - 1, head + random.next(max(1, times.count / 3)))]
            anchors.drop(before: StreamTime(ticks: cut))
            while head + 1 < times.count, times[head + 1] <= cut { head += 1 }
        }
    }
}
