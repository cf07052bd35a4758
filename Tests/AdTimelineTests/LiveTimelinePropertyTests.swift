import AdTimeline
import MediaTime
import PropertyBased
import Testing

/// A timeline kept the slow, obvious way: a list sorted by position (breaks
/// at one position in the order they came), every question a linear scan. The real timeline must answer exactly as it does after any
/// sequence of changes.
private struct NaiveTimeline {
    struct Entry {
        var id: String
        var position: ContentTime
        var duration: MediaDuration
        var occupancy: Occupancy
        var isOpen: Bool
        var isRemoved = false
        var added: Int64 { isRemoved || occupancy == .replacesContent ? 0 : duration.ticks }
    }

    var entries: [Entry] = []
    var live: [Entry] { entries.filter { !$0.isRemoved } }

    func streamTime(forContentTime time: ContentTime) -> StreamTime {
        StreamTime(ticks: time.ticks + entries.filter { $0.position < time }.reduce(0) { $0 + $1.added })
    }

    func streamTime(resumingAt time: ContentTime) -> StreamTime {
        StreamTime(ticks: time.ticks + entries.filter { $0.position <= time }.reduce(0) { $0 + $1.added })
    }

    func start(of entry: Entry) -> Int64 {
        entry.position.ticks + entries.prefix { $0.id != entry.id }.reduce(0) { $0 + $1.added }
    }

    func location(ofStreamTime time: StreamTime) -> StreamLocation {
        guard let entry = live.last(where: { start(of: $0) <= time.ticks }) else { return .content(ContentTime(ticks: time.ticks)) }
        let offset = MediaDuration(ticks: time.ticks - start(of: entry))
        if offset < entry.duration { return .inBreak(id: entry.id, offset: offset) }
        return .content(entry.position + offset - MediaDuration(ticks: entry.added))
    }

    func nextBreak(after time: ContentTime) -> String? { live.first { $0.position > time }?.id }
    func previousBreak(before time: ContentTime) -> String? { live.last { $0.position < time }?.id }
}

/// One step of a random history, decoded from a random number.
private enum Step {
    case insert(id: String, at: ContentTime, length: MediaDuration, occupancy: Occupancy, open: Bool)
    case extend(pick: Int, to: MediaDuration)
    case close(pick: Int)
    case remove(pick: Int)
    case drop(before: ContentTime)
    case watch(pick: Int)
    case withdraw(pick: Int)

    init(_ value: Int, index: Int) {
        let position = ContentTime(seconds: Int64((value / 8) % 4_000))
        let length = MediaDuration(seconds: Int64((value / 40_000) % 90 + 1))
        let pick = value / 16
        guard value % 9 != 8 else {
            self = .withdraw(pick: pick)
            return
        }
        switch value % 8 {
        case 0, 1, 2:
            self = .insert(id: "b\(index)", at: position, length: length,
                           occupancy: (value / 3_600_000) % 2 == 0 ? .addsStreamTime : .replacesContent,
                           open: (value / 7_200_000) % 3 == 0)
        case 3: self = .extend(pick: pick, to: length + MediaDuration(seconds: 5))
        case 4: self = .close(pick: pick)
        case 5: self = .remove(pick: pick)
        case 6: self = .drop(before: ContentTime(seconds: Int64((value / 8) % 600)))
        default: self = .watch(pick: pick)
        }
    }
}

private let histories = Gen.int(in: 0...Int(Int32.max)).array(of: 1...60)

@Suite struct LiveTimelinePropertyTests {
    /// Inserting, extending, closing, removing, withdrawing and dropping breaks in any
    /// order leaves every conversion and every navigation answer equal to
    /// the naive model's, and conversions stay monotonic.
    @Test func randomChangesMatchTheNaiveModel() async {
        await propertyCheck(input: histories, Gen.int(in: 0...5_000_000)) { values, probeMilliseconds in
            var timeline = try! AdTimeline(contentDuration: nil, breaks: [])
            var model = NaiveTimeline()
            var watched: Set<String> = []
            for (index, value) in values.enumerated() {
                apply(Step(value, index: index), to: &timeline, &model, &watched)
            }
            #expect(timeline.count == model.live.count)
            #expect(timeline.breaks.map(\.id) == model.live.map(\.id))
            for entry in model.entries {
                #expect(timeline.containsBreak(id: entry.id) == !entry.isRemoved, "\(entry.id) is in the timeline unless removed")
            }
            for id in watched { #expect(timeline.isWatched(id), "a dropped break keeps its watched state") }
            let probes = [0, 1, 7, 13].map { ContentTime(microseconds: Int64(probeMilliseconds * 1_000 / 4 * $0 / 7)) }
                + model.entries.flatMap { [$0.position, $0.position + $0.duration] }
            var previous: (content: ContentTime, stream: StreamTime)?
            for time in probes.sorted() {
                let stream = timeline.streamTime(forContentTime: time)
                #expect(stream == model.streamTime(forContentTime: time))
                #expect(timeline.streamTime(resumingAt: time) == model.streamTime(resumingAt: time))
                #expect(timeline.nextBreak(afterContentTime: time)?.id == model.nextBreak(after: time))
                #expect(timeline.previousBreak(beforeContentTime: time)?.id == model.previousBreak(before: time))
                let asStream = StreamTime(ticks: time.ticks)
                #expect(timeline.location(ofStreamTime: asStream) == model.location(ofStreamTime: asStream))
                let replaced = model.live.contains {
                    $0.occupancy == .replacesContent && $0.position <= time && time < $0.position + $0.duration
                }
                if !replaced {
                    #expect(timeline.contentTime(forStreamTime: timeline.streamTime(resumingAt: time)) == time, "round trip")
                }
                if let previous {
                    #expect(previous.stream <= stream, "streamTime(forContentTime:) is monotonic")
                    #expect(timeline.contentTime(forStreamTime: previous.stream) <= timeline.contentTime(forStreamTime: stream))
                }
                previous = (time, stream)
            }
        }
    }

    /// A day of live churn: a break every 5 minutes, a 2-hour window. The
    /// storage never holds more than the window's breaks, and every watched
    /// break stays watched after it leaves.
    @Test func aDayOfChurnKeepsStorageBoundedAndWatchedStateKept() throws {
        var timeline = try AdTimeline(contentDuration: nil, breaks: [])
        var mostSlots = 0
        for minute in stride(from: Int64(0), to: 24 * 60, by: 5) {
            let id = "cue-\(minute)"
            var adBreak = AdBreak(id: id, position: .midroll(ContentTime(seconds: minute * 60)),
                                  ads: [Ad(id: id, duration: MediaDuration(seconds: 1))], occupancy: .replacesContent, isOpen: true)
            adBreak.plannedDuration = MediaDuration(seconds: 90)
            try timeline.insert(adBreak)
            try timeline.extendBreak(id: id, to: MediaDuration(seconds: 60))
            try timeline.closeBreak(id: id, duration: MediaDuration(seconds: 90))
            timeline.markWatched(id)
            timeline.dropBreaks(before: ContentTime(seconds: minute * 60 - 2 * 3_600))
            mostSlots = max(mostSlots, timeline.storageSlots)
        }
        #expect(timeline.count == 25)
        #expect(mostSlots <= 26)
        #expect(timeline.isWatched("cue-0"))
        #expect(timeline.isWatched("cue-1435"))
    }

    @Test func aBreakThatReplacesContentMayNotOverlapAnother() throws {
        var timeline = try AdTimeline(contentDuration: nil, breaks: [
            AdBreak(id: "a", position: .midroll(ContentTime(seconds: 100)), ads: [Ad(id: "x", duration: MediaDuration(seconds: 60))],
                    occupancy: .replacesContent),
        ])
        let inside = AdBreak(id: "b", position: .midroll(ContentTime(seconds: 130)), ads: [Ad(id: "y", duration: MediaDuration(seconds: 10))])
        #expect(throws: TimelineError.self) { try timeline.insert(inside) }
        let before = AdBreak(id: "c", position: .midroll(ContentTime(seconds: 50)), ads: [Ad(id: "z", duration: MediaDuration(seconds: 60))],
                             occupancy: .replacesContent)
        #expect(throws: TimelineError.self) { try timeline.insert(before) }
        try timeline.insert(AdBreak(id: "d", position: .midroll(ContentTime(seconds: 160)), ads: [Ad(id: "w", duration: MediaDuration(seconds: 5))],
                                    occupancy: .replacesContent))
        #expect(timeline.streamTime(resumingAt: ContentTime(seconds: 200)) == StreamTime(seconds: 200), "live: stream time is content time")
        #expect(timeline.location(ofStreamTime: StreamTime(seconds: 130)) == .inBreak(id: "a", offset: MediaDuration(seconds: 30)))
        #expect(timeline.contentResumption(after: timeline.adBreak(id: "a")!) == ContentTime(seconds: 160))
    }

    @Test func aPlaceholderOccupiesItsPlannedTimeUntilResolved() throws {
        var timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 600), breaks: [
            .placeholder(id: "mid", position: .midroll(ContentTime(seconds: 300)), plannedDuration: MediaDuration(seconds: 30)),
        ])
        #expect(timeline.streamEnd == StreamTime(seconds: 630))
        #expect(timeline.adBreak(id: "mid")?.isPlaceholder == true)
        try timeline.replaceBreak(AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 300)),
                                          ads: [Ad(id: "a", duration: MediaDuration(seconds: 20)), Ad(id: "b", duration: MediaDuration(seconds: 15))]))
        #expect(timeline.streamEnd == StreamTime(seconds: 635))
        #expect(timeline.adStates(ofBreak: "mid") == [.available, .available])
        timeline.setState(.played, ofAd: 0, inBreak: "mid")
        timeline.settleAds(ofBreak: "mid", as: .skipped)
        #expect(timeline.adStates(ofBreak: "mid") == [.played, .skipped])
    }

    @Test func aReplacementKeepsTheStateOfEachAdItAlreadyHad() throws {
        let one = Ad(id: "x/1", duration: MediaDuration(seconds: 60))
        var timeline = try AdTimeline(contentDuration: nil, breaks: [
            AdBreak(id: "x", position: .midroll(ContentTime(seconds: 100)), ads: [one], occupancy: .replacesContent, isOpen: true),
        ])
        timeline.setState(.playing, ofAd: 0, inBreak: "x")
        try timeline.replaceBreak(AdBreak(
            id: "x", position: .midroll(ContentTime(seconds: 100)),
            ads: [Ad(id: "x/1", duration: MediaDuration(seconds: 30)), Ad(id: "x/2", duration: MediaDuration(seconds: 30))],
            occupancy: .replacesContent, isOpen: true))
        #expect(timeline.adStates(ofBreak: "x") == [.playing, .available])
    }

    @Test func nonSeekableRangesMergeAndAnswerWhatContainsATime() {
        var timeline = try! AdTimeline(contentDuration: nil, breaks: [])
        timeline.addNonSeekableRange(ContentTime(seconds: 100)..<ContentTime(seconds: 200), reason: "blackout")
        timeline.addNonSeekableRange(ContentTime(seconds: 150)..<ContentTime(seconds: 250), reason: "other")
        timeline.addNonSeekableRange(ContentTime(seconds: 400)..<ContentTime(seconds: 500), reason: "blackout")
        #expect(timeline.nonSeekableRanges.map(\.range) == [ContentTime(seconds: 100)..<ContentTime(seconds: 250),
                                                             ContentTime(seconds: 400)..<ContentTime(seconds: 500)])
        #expect(timeline.nonSeekableRange(containing: ContentTime(seconds: 249))?.reason == "blackout")
        #expect(timeline.nonSeekableRange(containing: ContentTime(seconds: 250)) == nil)
        timeline.dropBreaks(before: ContentTime(seconds: 300))
        #expect(timeline.nonSeekableRanges.count == 1)
    }
}

private func apply(_ step: Step, to timeline: inout AdTimeline, _ model: inout NaiveTimeline, _ watched: inout Set<String>) {
    func live(_ pick: Int) -> NaiveTimeline.Entry? {
        let live = model.live
        return live.isEmpty ? nil : live[pick % live.count]
    }
    switch step {
    case .insert(let id, let position, let length, let occupancy, let open):
        let adBreak = AdBreak(id: id, position: .midroll(position), ads: [Ad(id: "a", duration: length)], occupancy: occupancy, isOpen: open)
        do {
            try timeline.insert(adBreak)
        } catch {
            return  // an overlap: the model does not change either
        }
        // After every break at or before its position: breaks at one position play in the order they came.
        let index = model.entries.firstIndex { $0.position > position } ?? model.entries.endIndex
        model.entries.insert(.init(id: id, position: position, duration: length, occupancy: occupancy, isOpen: open), at: index)
    case .extend(let pick, let duration):
        guard let entry = live(pick), entry.isOpen, (try? timeline.extendBreak(id: entry.id, to: duration)) != nil else { return }
        model.entries[model.entries.firstIndex { $0.id == entry.id }!].duration = duration
    case .close(let pick):
        guard let entry = live(pick), (try? timeline.closeBreak(id: entry.id)) != nil else { return }
        model.entries[model.entries.firstIndex { $0.id == entry.id }!].isOpen = false
    case .remove(let pick):
        guard let entry = live(pick) else { return }
        timeline.removeBreak(id: entry.id)
        model.entries[model.entries.firstIndex { $0.id == entry.id }!].isRemoved = true
    case .drop(let start):
        let dropped = timeline.dropBreaks(before: start)
        var kept: [NaiveTimeline.Entry] = []
        var stopped = false
        var expected: [String] = []
        for entry in model.entries {
            let end = entry.occupancy == .replacesContent ? entry.position + entry.duration : entry.position
            if !stopped, entry.position < start, !entry.isOpen, end <= start {
                if !entry.isRemoved { expected.append(entry.id) }
                continue
            }
            stopped = true
            kept.append(entry)
        }
        #expect(dropped.map(\.id) == expected)
        model.entries = kept
    case .watch(let pick):
        guard let entry = live(pick) else { return }
        timeline.markWatched(entry.id)
        watched.insert(entry.id)
    case .withdraw(let pick):
        // Any break, not only the first: it leaves the tree from wherever it is.
        guard let entry = live(pick) else { return }
        #expect(throws: Never.self) { try timeline.withdrawBreak(id: entry.id) }
        model.entries.removeAll { $0.id == entry.id }
        watched.remove(entry.id)
    }
}
