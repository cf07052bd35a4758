import AdTimeline
import MediaTime
import PropertyBased
import Testing

/// Random timelines: up to 40 breaks at distinct positions, 1 ms to 120 s long.
private let timelines = Gen.int(in: 1...2_000_000).array(of: 0...40).map { positions -> AdTimeline in
    let distinct = Array(Set(positions)).sorted()
    let breaks = distinct.enumerated().map { index, position in
        let duration = Int64((position * 7919 + index * 104_729) % 120_000 + 1)
        return AdBreak(
            id: "b\(index)", position: .midroll(ContentTime(microseconds: Int64(position) * 1000)),
            ads: [Ad(id: "a", duration: MediaDuration(microseconds: duration * 1000))])
    }
    return try! AdTimeline(contentDuration: MediaDuration(seconds: 2001), breaks: breaks)
}

@Suite struct AdTimelinePropertyTests {
    @Test func contentToStreamToContentRoundTrips() async {
        await propertyCheck(input: timelines, Gen.int(in: 0...2_001_000_000)) { timeline, microseconds in
            let time = ContentTime(microseconds: Int64(microseconds))
            #expect(timeline.contentTime(forStreamTime: timeline.streamTime(resumingAt: time)) == time)
            let atBreakStart = timeline.streamTime(forContentTime: time)
            #expect(timeline.contentTime(forStreamTime: atBreakStart) == time)
        }
    }

    @Test func streamToContentToStreamRoundTripsOutsideBreaks() async {
        await propertyCheck(input: timelines, Gen.int(in: 0...4_000_000_000)) { timeline, microseconds in
            let time = StreamTime(microseconds: Int64(microseconds))
            switch timeline.location(ofStreamTime: time) {
            case .content(let contentTime):
                #expect(timeline.streamTime(resumingAt: contentTime) == time
                    || timeline.streamTime(forContentTime: contentTime) == time)
            case .inBreak(let id, let offset):
                let range = timeline.streamRange(ofBreak: id)
                #expect(range?.contains(time) == true)
                #expect(range.map { time - $0.lowerBound } == offset)
                #expect(timeline.contentTime(forStreamTime: time) == timeline.contentPosition(ofBreak: id))
            }
        }
    }

    @Test func conversionsAreMonotonic() async {
        await propertyCheck(input: timelines, Gen.int(in: 0...4_000_000_000), Gen.int(in: 0...4_000_000_000)) {
            timeline, first, second in
            let (low, high) = (StreamTime(microseconds: Int64(min(first, second))), StreamTime(microseconds: Int64(max(first, second))))
            #expect(timeline.contentTime(forStreamTime: low) <= timeline.contentTime(forStreamTime: high))
            let (lowContent, highContent) = (ContentTime(ticks: low.ticks), ContentTime(ticks: high.ticks))
            #expect(timeline.streamTime(forContentTime: lowContent) <= timeline.streamTime(forContentTime: highContent))
        }
    }

    @Test func removalMatchesATimelineBuiltWithoutTheBreak() async {
        await propertyCheck(input: timelines, Gen.int(in: 0...39), Gen.int(in: 0...2_001_000_000)) {
            timeline, pick, microseconds in
            let breaks = timeline.breaks
            guard !breaks.isEmpty else { return }
            let victim = breaks[pick % breaks.count]
            var removed = timeline
            removed.removeBreak(id: victim.id)
            let rebuilt = try! AdTimeline(contentDuration: timeline.contentDuration, breaks: breaks.filter { $0.id != victim.id })
            let time = ContentTime(microseconds: Int64(microseconds))
            #expect(removed.streamTime(forContentTime: time) == rebuilt.streamTime(forContentTime: time))
            #expect(removed.nextBreak(afterContentTime: time)?.id == rebuilt.nextBreak(afterContentTime: time)?.id)
            #expect(removed.previousBreak(beforeContentTime: time)?.id == rebuilt.previousBreak(beforeContentTime: time)?.id)
            let streamTime = rebuilt.streamTime(resumingAt: time)
            #expect(removed.location(ofStreamTime: streamTime) == rebuilt.location(ofStreamTime: streamTime))
        }
    }
}
