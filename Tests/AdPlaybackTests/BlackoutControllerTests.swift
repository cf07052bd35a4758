import AdPlayback
import AdPolicy
import AdResolvers
import AdSignals
import AdSimulation
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

/// A blackout of a web device from `start`, ended at `end` when given.
private func blackout(
    _ id: String = "event-7", from start: Int64, to end: Int64? = nil, planned: Int64? = nil, archive: Bool = true
) -> Blackout {
    Blackout(
        id: id, eventID: 7, openedBy: .programStart, start: stream(start), end: end.map(stream),
        plannedEnd: planned.map(stream),
        restrictions: DeliveryRestrictions(webDeliveryAllowed: false, archiveAllowed: archive),
        verdict: RestrictionVerdict(reasons: [.webDelivery]), sources: [.init(tag: "#EXT-X-DATERANGE", line: 9)])
}

/// An in-stream break as the marker resolver makes it.
private func cue(_ id: String, at start: Int64, length: Int64) -> AdBreak {
    InStreamMarkerResolver.adBreak(for: AdOpportunity(
        id: id, position: .stream(stream(start)), duration: s(length), signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil)))
}

/// A live session over a simulated player: breaks replace content, and
/// blackouts show `https://alt.example/alt.m3u8`.
private func live(_ breaks: [AdBreak] = []) throws -> Simulation {
    Simulation(session: PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: breaks), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent), alternateContent: try AlternateContent(url: "https://alt.example/alt.m3u8")))
}

private func lines(_ events: [SessionEvent]) -> [String] {
    events.map { event in
        switch event.kind {
        case .adBreakSkip(let id, let reason): "adBreakSkip \(id) \(reason.rawValue) @\(event.stream.decimalSeconds)"
        case .seekAdjusted(let target, let reason): "seekAdjusted \(reason) → \(target.stream.decimalSeconds) @\(event.stream.decimalSeconds)"
        case .blackoutStart(let blackout, let alternate): "blackoutStart \(blackout.id) \(alternate ?? "-") @\(event.stream.decimalSeconds)"
        case .blackoutEnd(let blackout): "blackoutEnd \(blackout.id)\(blackout.isOpen ? " running" : "") @\(event.stream.decimalSeconds)"
        case .timedMetadata(let tag): "\(tag.isForeground ? "" : "background ")timedMetadata \(tag.name) @\(event.stream.decimalSeconds)"
        case .streamError(_, let isForeground): "error \(isForeground ? "foreground" : "background") @\(event.stream.decimalSeconds)"
        default: "\([event.name, event.breakID].compactMap(\.self).joined(separator: " ")) @\(event.stream.decimalSeconds)"
        }
    }
}

@Suite struct BlackoutControllerTests {
    /// The start switches to the alternate as playback reaches it; the main
    /// stream becomes the background item, its tags arrive as background
    /// metadata, and at the end the player comes back to the main stream there.
    @Test func playbackReachingABlackout_switchesToTheAlternate_andBackAtItsEnd() throws {
        let live = try live()
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.blackout(.started(blackout(from: 10, planned: 30))))
        try live.send(.metadata(TimedMetadata(name: "#EXT-X-PROGRAM", value: "x", streamTime: stream(20))))
        var events = try live.play(for: s(10))
        #expect(lines(events) == ["blackoutStart event-7 https://alt.example/alt.m3u8 @10"])
        #expect(live.player.item == .alternate(url: "https://alt.example/alt.m3u8"))
        #expect(live.session.isMainInBackground)
        #expect(live.session.playhead.stream == stream(15))

        events = try live.send(.blackout(.ended(blackout(from: 10, to: 30))))
        events += try live.send(.streamError("HTTP 404"))
        events += try live.play(for: s(20))
        #expect(lines(events) == [
            "error background @15", "background timedMetadata #EXT-X-PROGRAM @20", "blackoutEnd event-7 @30", "contentStart @30",
        ])
        #expect(live.player.item == .main)
        #expect(live.player.currentItemTime == s(35))
        #expect(live.player.itemHistory == [.alternate(url: "https://alt.example/alt.m3u8"), .main])
        #expect(!live.session.isMainInBackground)
        #expect(lines(try live.send(.streamError("HTTP 500"))) == ["error foreground @35"])
    }

    /// A blackout already running when the session joins starts at once.
    @Test func joiningInsideARunningBlackout_switchesAtOnce() throws {
        let live = try live()
        try live.send(.blackout(.started(blackout(from: 10))))
        let events = try live.send(.start(.position(.stream(stream(25)))))
        #expect(lines(events) == ["sessionStart @25", "blackoutStart event-7 https://alt.example/alt.m3u8 @25"])
        #expect(live.player.item == .alternate(url: "https://alt.example/alt.m3u8"))
    }

    /// A blackout that starts while the playhead is already inside its
    /// range (the start learnt late) switches at once.
    @Test func aStartLearntAfterPlaybackPassedIt_switchesAtOnce() throws {
        let live = try live()
        try live.send(.start(.position(.stream(stream(5)))))
        _ = try live.play(for: s(10))
        #expect(lines(try live.send(.blackout(.started(blackout(from: 10))))) == ["blackoutStart event-7 https://alt.example/alt.m3u8 @15"])
    }

    /// DVR: a window holding a whole blackout. Playback behind live passes
    /// over it without switching; a seek into its middle, and a rewind into
    /// it, land at its end.
    @Test func anEndedBlackout_isNonSeekable_andPassedWithoutSwitching() throws {
        let live = try live()
        try live.send(.blackout(.started(blackout(from: 10, planned: 30))))
        try live.send(.blackout(.ended(blackout(from: 10, to: 30))))
        #expect(live.session.timeline.nonSeekableRanges.map(\.reason) == ["blackout"])

        try live.send(.start(.position(.stream(stream(5)))))
        var events = try live.play(for: s(10))
        #expect(lines(events) == ["seekAdjusted blackout → 30 @10", "contentStart @30"])
        #expect(live.player.itemHistory.allSatisfy { $0 == .main })

        events = try live.send(.jump(.seek, to: .stream(stream(20))))
        #expect(lines(events) == ["seek @35", "seekAdjusted blackout → 30 @35", "contentStart @30"])
        _ = try live.play(for: s(10))
        events = try live.send(.jump(.rewind, to: .stream(stream(12))))
        #expect(lines(events) == ["seek @40", "seekAdjusted blackout → 30 @40", "contentStart @30"])
        #expect(live.session.playhead.stream == stream(30))
    }

    /// A stop during a running blackout that may not be recorded
    /// (archive_allowed=0) bookmarks its end; one that may be bookmarks the place.
    @Test(arguments: [(false, Int64(30)), (true, Int64(20))])
    func aStopDuringABlackout_bookmarksItsEnd_whenItMayNotBeRecorded(archive: Bool, bookmarked: Int64) throws {
        let live = try live()
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.blackout(.started(blackout(from: 10, planned: 30, archive: archive))))
        _ = try live.play(for: s(15))
        try live.send(.stop)
        #expect(live.session.lastBookmark?.content == ContentTime(seconds: bookmarked))
    }

    /// The main stream's breaks inside the blackout were never seen: they are
    /// skipped as `blackout`; a break running over the end plays its rest.
    @Test func breaksInsideTheBlackout_areSkippedForIt() throws {
        let live = try live([cue("a", at: 15, length: 5), cue("b", at: 28, length: 6)])
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.blackout(.started(blackout(from: 10, planned: 30))))
        try live.send(.blackout(.ended(blackout(from: 10, to: 30))))
        // Reached behind live: passed over, the break over its end plays its rest.
        let events = try live.play(for: s(6))
        #expect(lines(events) == [
            "seekAdjusted blackout → 30 @10", "adBreakSkip a blackout @15", "adBreakStart b @30", "adStart b @30",
        ])
    }

    @Test func breaksPassedOnTheAlternate_areSkippedAtTheSwitchBack() throws {
        let live = try live([cue("a", at: 15, length: 5)])
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.blackout(.started(blackout(from: 10))))
        var events = try live.play(for: s(20))
        events += try live.send(.blackout(.ended(blackout(from: 10, to: 30))))
        events += try live.play(for: s(10))
        #expect(lines(events) == [
            "blackoutStart event-7 https://alt.example/alt.m3u8 @10", "blackoutEnd event-7 @30", "adBreakSkip a blackout @15", "contentStart @30",
        ])
    }

    /// A seek during the blackout stays on the alternate inside it, and
    /// leaves it (the blackout still running) for anywhere else.
    @Test func seeksDuringABlackout() throws {
        let live = try live()
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.blackout(.started(blackout(from: 10))))
        _ = try live.play(for: s(15))
        var events = try live.send(.jump(.rewind, to: .stream(stream(12))))
        #expect(lines(events) == ["seek @20"])
        #expect(live.session.playhead.stream == stream(12))
        events = try live.send(.jump(.rewind, to: .stream(stream(4))))
        #expect(lines(events) == ["blackoutEnd event-7 running @12", "seek @12", "contentStart @4"])
        #expect(live.player.item == .main)
        events = try live.play(for: s(6))
        #expect(lines(events) == ["blackoutStart event-7 https://alt.example/alt.m3u8 @10"])
    }

    /// The low-level pieces: an app with its own rules replaces the item and
    /// keeps the main stream in the background by hand.
    @Test func theLowLevelPieces_replaceTheItem_andKeepTheMainStreamInTheBackground() throws {
        let live = try live()
        try live.send(.start(.position(.stream(stream(5)))))
        try live.send(.metadata(TimedMetadata(name: "#EXT-X-A", value: "", streamTime: stream(8))))
        try live.send(.metadata(TimedMetadata(name: "#EXT-X-B", value: "", streamTime: stream(12))))
        try live.send(.replaceItem(.alternate(url: "https://alt.example/alt.m3u8")))
        #expect(live.player.item == .alternate(url: "https://alt.example/alt.m3u8"))
        var events = try live.play(for: s(5))
        #expect(events.isEmpty, "the main stream is not kept: its tags are not delivered")
        try live.send(.registerBackground)
        try live.send(.timelineChanged(.addNonSeekable(ContentTime(seconds: 40)..<ContentTime(seconds: 50), reason: "blackout")))
        events = try live.play(for: s(5))
        #expect(lines(events) == ["background timedMetadata #EXT-X-B @12"])
        events = try live.send(.replaceItem(.main))
        #expect(lines(events) == ["contentStart @15"])
        #expect(live.player.item == .main)
        events = try live.send(.jump(.seek, to: .stream(stream(45))))
        #expect(lines(events) == ["seek @15", "seekAdjusted blackout → 50 @15", "contentStart @50"])
    }
}

/// The alternate content a blackout shows is refused at configuration
/// time unless it is an absolute http or https URL.
@Suite struct AlternateContentTests {
    @Test(arguments: ["file:///var/slate.mp4", "lavfi://testsrc2", "edl://%0%", "slate.m3u8", "/var/slate.m3u8", "http://", ""])
    func aNonHTTPAlternate_isRefusedWithItsURL(url: String) {
        #expect(throws: AlternateContentError.self) { try AlternateContent(url: url) }
        do {
            _ = try AlternateContent(url: url)
        } catch {
            #expect(error.url == url)
            #expect(error.description.contains("is not an absolute http or https URL"), "\(error)")
        }
    }

    @Test(arguments: ["https://alt.example/alt.m3u8", "HTTP://alt.example:8080/a.m3u8?x=1", "http://[::1]:9/a.m3u8"])
    func anHTTPAlternate_isTaken(url: String) throws {
        #expect(try AlternateContent(url: url).url == url)
    }
}
