import AdLive
import AdPlayback
import AdPolicy
import AdSignals
import AdPlaybackTestSupport
import AdScenario
import Foundation
import HLS
import MediaTime
import Testing

/// A live scenario with the alternate, over a recording of a stream whose
/// blackout (50–70 s) ends by each end signal, in the packager's form (the
/// start's ID again, END-DATE, SCTE35-IN) and with an ID of its own: the
/// player shows the alternate from 50 to 70, and afterwards a seek, a
/// fast-forward and a rewind into the blacked-out range each land at 70.
@Suite struct BlackoutEndScenarioTests {
    /// The origin's playlist once a second for `seconds`, as `live record` keeps it.
    static func recording(_ script: LiveOriginScript, seconds: Int) -> LiveRecording {
        LiveRecording(entries: (0...seconds).compactMap { second in
            guard case .playlist(let text) = script.answer(at: ClockTime(seconds: Int64(second))) else { return nil }
            return LiveRecording.Entry(at: ClockTime(seconds: Int64(second)), file: String(format: "%05d.m3u8", second), body: Array(text.utf8))
        })
    }

    @Test(arguments: ProgramCue.blackoutEnds.indices, [true, false])
    func theBlackoutEndsAtItsEndSegment_andTheDVRKeepsItOutOfReach(signal: Int, sameID: Bool) async throws {
        var main = LiveOriginScript(segmentMilliseconds: 1_000, window: 40)
        main.addBlackout(signal: signal, from: 50, to: 70, sameID: sameID)
        let json = """
            {"stream": {"type": "live", "recording": "main"},
             "blackout": {"alternate": {"recording": "alternate"}, "device": {"delivery": "web", "region": "in", "group": null}},
             "actions": [{"do": "start"}, {"do": "play", "for": 40},
                         {"do": "rewind", "to": {"stream": 60}}, {"do": "seek", "to": {"stream": 45}}, {"do": "play", "for": 1},
                         {"do": "fastForward", "to": {"stream": 55}}, {"do": "seek", "to": {"stream": 65}}, {"do": "stop"}]}
            """
        let scenario = try Scenario.decode(json: Array(json.utf8), recording: Self.recording(main, seconds: 60),
                                           alternate: Self.recording(LiveOriginScript(segmentMilliseconds: 1_000, window: 10), seconds: 60))
        let run = try await scenario.run()
        let starts = run.events.filter { $0.name == "blackoutStart" }
        let ends = run.events.filter { $0.name == "blackoutEnd" }
        #expect(starts.map(\.stream) == [StreamTime(seconds: 50)])
        #expect(ends.map(\.stream) == [StreamTime(seconds: 70)])
        if case .blackoutEnd(let blackout)? = ends.first?.kind {
            #expect(blackout.endDate?.description == "2026-01-01T00:01:10.000Z")
        }
        let adjusted = run.events.compactMap { event -> String? in
            if case .seekAdjusted(let target, let reason) = event.kind { "\(reason) \(target.stream)" } else { nil }
        }
        #expect(adjusted == ["blackout 70", "blackout 70", "blackout 70"], "rewind, fast-forward and seek into it")
    }
}
