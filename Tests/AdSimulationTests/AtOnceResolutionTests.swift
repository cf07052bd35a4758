import AdPlayback
import AdPolicy
import AdSignals
import AdSimulation
import AdTimeline
import MediaTime
import Testing

/// Records every input the session handled, as its case name.
private final class InputTap: PlaybackObserver {
    var inputs: [String] = []

    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        inputs.append(String("\(input)".prefix { $0 != "(" }))
    }

    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? { nil }
}

/// The runtime hands a new opportunity that a resolver answers at once to
/// the session with its answer: one input, and its break never is a
/// placeholder. An opportunity the session already holds goes as it is.
@Suite struct AtOnceResolutionTests {
    @Test func anInStreamCue_reachesTheSessionResolved_inOneInput() throws {
        let simulation = Simulation(session: PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent)))
        let tap = InputTap()
        simulation.driver.observers.append(tap)
        let cue = AdOpportunity(id: "splice-1", position: .stream(StreamTime(seconds: 60)), duration: MediaDuration(seconds: 30),
                                signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil))
        try simulation.send(.opportunity(cue))
        #expect(tap.inputs == ["resolvedOpportunity"])
        #expect(simulation.session.timeline.adBreak(id: "splice-1")?.isPlaceholder == false)
        #expect(simulation.session.timeline.adBreak(id: "splice-1")?.duration == MediaDuration(seconds: 30))

        // The same cue again (the next refresh): merged into its break, as it is.
        try simulation.send(.opportunity(cue))
        #expect(tap.inputs == ["resolvedOpportunity", "opportunity"])
        #expect(simulation.session.timeline.count == 1)
    }
}
