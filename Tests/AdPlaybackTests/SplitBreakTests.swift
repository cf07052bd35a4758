import AdPlayback
import AdPolicy
import AdResolvers
import AdSignals
import AdSimulation
import AdTimeline
import HLS
import MediaTime
import SCTE35
import Testing

/// A time_signal with one segmentation descriptor of `type`, as base64.
private func cue(type: UInt8, event: UInt32, seconds: UInt64? = nil) throws -> String {
    let descriptor = SegmentationDescriptor(
        segmentationEventID: event,
        segmentation: .init(deliveryRestrictions: nil, segmentationDuration: seconds.map { PTS(ticks: $0 * 90_000) }, segmentationTypeID: type))
    return try SpliceInfoEncoder.base64(
        SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))), descriptors: [.segmentation(descriptor)]))
}

/// A placement opportunity (0x34) of 60 s at segment 2, with Provider
/// Advertisement Starts (0x30) at its start and 30 s in: 10 s segments.
private func playlist(segments: Int) throws -> [UInt8] {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n"
    for index in 0..<segments {
        if index == 2 {
            text += "#EXT-X-SCTE35:CUE=\"\(try cue(type: 0x34, event: 1, seconds: 60))\"\n"
            text += "#EXT-X-SCTE35:CUE=\"\(try cue(type: 0x30, event: 2, seconds: 30))\"\n"
        }
        if index == 5 { text += "#EXT-X-SCTE35:CUE=\"\(try cue(type: 0x30, event: 3, seconds: 30))\"\n" }
        text += "#EXTINF:10,\ns\(index).ts\n"
    }
    return Array(text.utf8)
}

/// The stream's own ad-level cues split an in-stream break into its ads.
@Suite struct SplitBreakTests {
    /// A live session whose in-stream breaks replace content.
    private func liveSimulation() throws -> Simulation {
        Simulation(session: PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent)))
    }

    /// Sends each opportunity; the simulation's runtime resolves it at once with the marker resolver.
    private static func feed(_ opportunities: [AdOpportunity], to simulation: Simulation) throws {
        for opportunity in opportunities { try simulation.send(.opportunity(opportunity)) }
    }

    @Test func providerAdvertisementStartsInsideAPlacementOpportunity_areItsAdStarts() throws {
        let parsed = try PlaylistParser().parseMedia(try playlist(segments: 10))
        let opportunity = try #require(parsed.opportunities.first)
        #expect(parsed.opportunities.count == 1)
        #expect(opportunity.start == StreamTime(seconds: 20))
        #expect(opportunity.adStarts == [StreamTime(seconds: 50)], "the start at the break's own start is not a split")
        let adBreak = InStreamMarkerResolver.adBreak(for: AdOpportunity(opportunity))
        #expect(adBreak.ads.map(\.id) == ["break-2/1", "break-2/2"])
        #expect(adBreak.ads.map(\.duration) == [MediaDuration(seconds: 30), MediaDuration(seconds: 30)])
    }

    /// Live: the break enters with one ad; the refresh that reveals the
    /// second ad's cue splits it, and both ads play.
    @Test func aSplitRevealedByALaterRefresh_splitsTheBreakInTheSession() throws {
        var live = try LivePlaylist(try playlist(segments: 4))
        let simulation = try liveSimulation()
        func feed(_ opportunities: [AdOpportunity]) throws { try Self.feed(opportunities, to: simulation) }
        try feed(live.playlist.opportunities.map(AdOpportunity.init))
        #expect(simulation.session.timeline.adBreak(id: "break-2")?.ads.count == 1)
        try simulation.send(.start(.position(.stream(StreamTime(seconds: 15)))))
        var events = try simulation.play(for: MediaDuration(seconds: 10))
        let delta = try live.refresh(with: try playlist(segments: 7))
        try feed(delta.changedOpportunities(in: live.playlist) + live.playlist.opportunities.filter(\.isOpen).map(AdOpportunity.init))
        #expect(simulation.session.timeline.adBreak(id: "break-2")?.ads.map(\.id) == ["break-2/1", "break-2/2"])
        events += try simulation.play(for: MediaDuration(seconds: 70))
        #expect(events.filter { $0.name == "adStart" }.compactMap { event -> String? in
            if case .adStart(_, let ad) = event.kind { ad } else { nil }
        } == ["break-2/1", "break-2/2"])
        #expect(events.first { $0.name == "adBreakEnd" }?.stream == StreamTime(seconds: 80))
    }

    /// A refresh late enough that playback has passed the split: the first
    /// ad ends, and the second starts, where the stream's cue put the
    /// split (the events say where in the stream, as late as they come),
    /// and the break still ends at its end.
    @Test func aSplitRevealedAfterPlaybackPassedIt_endsTheFirstAdAtTheSplit_andKeepsItsState() throws {
        var live = try LivePlaylist(try playlist(segments: 4))
        let simulation = try liveSimulation()
        func feed(_ opportunities: [AdOpportunity]) throws { try Self.feed(opportunities, to: simulation) }
        try feed(live.playlist.opportunities.map(AdOpportunity.init))
        try simulation.send(.start(.position(.stream(StreamTime(seconds: 15)))))
        var events = try simulation.play(for: MediaDuration(seconds: 40))
        #expect(simulation.session.timeline.adStates(ofBreak: "break-2") == [.playing])
        let delta = try live.refresh(with: try playlist(segments: 9))
        try feed(delta.changedOpportunities(in: live.playlist) + live.playlist.opportunities.filter(\.isOpen).map(AdOpportunity.init))
        // The ad playing keeps its state through the split.
        #expect(simulation.session.timeline.adStates(ofBreak: "break-2") == [.playing, .available])
        events += try simulation.play(for: MediaDuration(seconds: 40))
        #expect(simulation.session.timeline.adStates(ofBreak: "break-2") == [.played, .played])
        let ads = events.compactMap { event -> String? in
            switch event.kind {
            case .adStart(_, let ad): "start \(ad) at \(event.stream.seconds)"
            case .adEnd(_, let ad): "end \(ad) at \(event.stream.seconds)"
            default: nil
            }
        }
        #expect(ads == ["start break-2/1 at 20.0", "end break-2/1 at 50.0", "start break-2/2 at 50.0", "end break-2/2 at 80.0"])
        #expect(events.filter { $0.name == "adBreakEnd" }.map(\.stream) == [StreamTime(seconds: 80)])
    }
}
