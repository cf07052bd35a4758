import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdPlaybackTestSupport
import AdPolicy
import AdSignals
import AdSimulation
import AdTimeline
import AdTransport
import Foundation
import HLS
import MediaTime
import Testing
import AdURLSession

/// A live session following the live origin over real HTTP on 127.0.0.1,
/// deciding blackouts for its device and switching to the alternate content
/// and back. Time is virtual: the origin's window, the source's waits, each
/// fetch's limit and the player all move together in 100 ms steps.
@Suite(.serialized) struct LoopbackBlackoutTests {
    static let alternate = "https://alt.example/alt.m3u8"

    /// 1 s segments; a Program Start (`cue`, 20 s) at t=10, a programme tag
    /// at t=20, and a Program End at t=30.
    private func script(_ start: ProgramCue, faults: [LiveOriginScript.Fault] = []) -> LiveOriginScript {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        script.extraTags[10] = [start.dateRange(id: "programme-7", date: script.date(10))]
        script.extraTags[20] = ["#EXT-X-PROGRAM-INFO:TITLE=\"Match\""]
        script.extraTags[30] = [ProgramCue(type: 0x11, eventID: 7).dateRange(id: "programme-7-end", date: script.date(30))]
        script.faults = faults
        return script
    }

    private static let webForbidden = ProgramCue(type: 0x10, eventID: 7, webDeliveryAllowed: false, seconds: 20)
    private static let regionalOnly = ProgramCue(type: 0x10, eventID: 7, noRegionalBlackout: false, seconds: 20)

    struct Run {
        var events: [SessionEvent]
        var updates: [LiveSource.Update]
        var player: SimulatedPlayer
        var session: PlaybackSession
    }

    /// Joins at the live edge once the first playlist is in, and plays for `seconds`.
    private func play(_ script: LiveOriginScript, device: DevicePolicy, seconds: Int64, rule: BlackoutTagRule? = nil) async throws -> Run {
        var options = LiveOptions()
        options.device = device
        options.blackoutRule = rule
        options.parse.subscribedTags.insert("#EXT-X-PROGRAM-INFO")
        let pacing = VirtualClock()
        let fetching = VirtualClock()
        let queue = LiveInputQueue()
        let collector = Collector()
        let simulation = Simulation(session: PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent), alternateContent: try AlternateContent(url: Self.alternate)))
        var events: [SessionEvent] = []
        try await LoopbackLiveOrigin.with(script, reading: { pacing.reading }) { origin in
            let client = HTTPClient(transport: URLSessionTransport(), clock: fetching)
            let source = LiveSource(url: await origin.url, client: client, clock: pacing, options: options)
            let task = Task {
                await source.follow(for: .seconds(seconds)) { update, follower in
                    queue.take(update, from: follower)
                    await collector.add(update)
                }
            }
            let step = MediaDuration(microseconds: 100_000)
            try await paceOverLoopback(origin, pacing: pacing, fetching: fetching, until: ClockTime(seconds: seconds)) {
                for input in queue.drain() { events += try simulation.send(input) }
                if !simulation.session.isRunning, let window = simulation.session.timeline.seekableWindow {
                    events += try simulation.send(.start(.position(.content(window.upperBound))))
                }
                if simulation.session.isRunning { events += try simulation.play(for: step) } else { simulation.wait(for: step) }
            }
            _ = await task.value
        }
        return Run(events: events, updates: await collector.updates, player: simulation.player, session: simulation.session)
    }

    private func named(_ name: String, _ run: Run) -> [SessionEvent] { run.events.filter { $0.name == name } }

    /// A web device switches to the alternate at the start segment and back
    /// at the end segment; the main stream goes on refreshing in the
    /// background, and its tags arrive as background metadata.
    @Test func aWebDevice_switchesToTheAlternateAtTheStartSegment_andBackAtTheEndSegment() async throws {
        let run = try await play(script(Self.webForbidden), device: DevicePolicy(), seconds: 32)
        let starts = named("blackoutStart", run)
        let ends = named("blackoutEnd", run)
        #expect(starts.map(\.stream) == [StreamTime(seconds: 10)])
        #expect(ends.map(\.stream) == [StreamTime(seconds: 30)])
        #expect(starts.map(\.clock) == [ClockTime(seconds: 3)], "joined at 7 s, 3 s behind the live edge")
        #expect(run.player.itemHistory == [.alternate(url: Self.alternate), .main])
        if case .blackoutStart(let blackout, let alternate)? = starts.first?.kind {
            #expect(blackout.id == "event-7")
            #expect(blackout.openedBy == .programStart)
            #expect(blackout.restrictions?.webDeliveryAllowed == false)
            #expect(blackout.date?.description == "2026-01-01T00:00:10.000Z")
            #expect(alternate == Self.alternate)
        }
        let refreshesDuring = run.updates.filter { update in
            if case .refresh = update.event { update.clock > ClockTime(seconds: 3) && update.clock < ClockTime(seconds: 23) } else { false }
        }
        #expect(refreshesDuring.count >= 15, "the main playlist goes on refreshing in the background")
        let programme = run.events.compactMap { event -> TimedMetadata? in
            if case .timedMetadata(let tag) = event.kind, tag.name == "#EXT-X-PROGRAM-INFO" { tag } else { nil }
        }
        #expect(programme.map(\.streamTime) == [StreamTime(seconds: 20)])
        #expect(programme.map(\.isForeground) == [false])
        #expect(run.player.item == .main)
        #expect(run.session.timeline.nonSeekableRanges.isEmpty, "the window (32–42 s) has left the blackout's range")
        #expect(run.session.blackouts.isEmpty)
    }

    /// Every end signal, in the form a packager writes it (a later tag of
    /// the start's ID, repeating its START-DATE, with END-DATE and
    /// SCTE35-IN) and with an ID of its own: the player switches back when
    /// playback reaches the end segment (30 s), not at the start, and the
    /// end's date is that segment's.
    @Test(arguments: ProgramCue.blackoutEnds.indices, [true, false])
    func everyEndSignal_inEitherForm_switchesBackAtTheEndSegment(signal: Int, sameID: Bool) async throws {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        script.addBlackout(signal: signal, from: 10, to: 30, sameID: sameID)
        let run = try await play(script, device: DevicePolicy(), seconds: 34)
        #expect(named("blackoutStart", run).map(\.stream) == [StreamTime(seconds: 10)])
        let ends = named("blackoutEnd", run)
        #expect(ends.map(\.stream) == [StreamTime(seconds: 30)])
        #expect(run.player.itemHistory == [.alternate(url: Self.alternate), .main])
        if case .blackoutEnd(let blackout)? = ends.first?.kind {
            #expect(blackout.end == StreamTime(seconds: 30))
            #expect(blackout.endDate?.description == "2026-01-01T00:00:30.000Z")
        }
    }

    /// A managed device never switches; nor does a web device out of region
    /// when the cue's only restriction is regional (in region, it does).
    @Test(arguments: [
        (DevicePolicy(delivery: .managed), true, false),
        (DevicePolicy(delivery: .web, region: .outside), false, false),
        (DevicePolicy(delivery: .web, region: .inside), false, true),
    ])
    func devicesTheCueDoesNotRestrict_neverSwitch(device: DevicePolicy, webCue: Bool, switches: Bool) async throws {
        let run = try await play(script(webCue ? Self.webForbidden : Self.regionalOnly), device: device, seconds: 32)
        #expect(!named("blackoutStart", run).isEmpty == switches)
        #expect(run.player.itemHistory == (switches ? [.alternate(url: Self.alternate), .main] : []))
    }

    /// A 404 storm on the main playlist during the blackout is reported as
    /// background errors and survived: the switch back still comes at 30.
    @Test func aBackground404Storm_isReported_andSurvived() async throws {
        let storm = LiveOriginScript.Fault(from: ClockTime(seconds: 12), to: ClockTime(seconds: 18), .status(404))
        let run = try await play(script(Self.webForbidden, faults: [storm]), device: DevicePolicy(), seconds: 32)
        let errors = run.events.compactMap { event -> (String, Bool)? in
            if case .streamError(let message, let isForeground) = event.kind { (message, isForeground) } else { nil }
        }
        #expect(errors.count >= 3, "\(errors)")
        #expect(errors.allSatisfy { !$0.1 && $0.0.contains("HTTP 404") }, "\(errors)")
        #expect(named("blackoutEnd", run).map(\.stream) == [StreamTime(seconds: 30)])
        #expect(run.player.itemHistory == [.alternate(url: Self.alternate), .main])
    }

    /// A 404 storm inside the blackout, longer than the window, so the
    /// follower misses segments: stream time goes on without them, but the
    /// end still comes at the end segment, with the date the stream gives
    /// that segment (not the start's date moved by stream time).
    @Test func aStormThatMissesSegments_keepsTheEndAtItsSegment_andItsDate() async throws {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        let start = ProgramCue(type: 0x10, eventID: 7, webDeliveryAllowed: false)
        script.extraTags[10] = [start.dateRange(id: "p7", "SCTE35-OUT", "START-DATE=\"\(script.date(10))\",PLANNED-DURATION=3600")]
        script.extraTags[30] = [ProgramCue(type: 0x11, eventID: 7)
            .dateRange(id: "p7", "SCTE35-IN", "START-DATE=\"\(script.date(10))\",END-DATE=\"\(script.date(30))\"")]
        script.faults = [LiveOriginScript.Fault(from: ClockTime(seconds: 12), to: ClockTime(seconds: 28), .status(404))]
        let run = try await play(script, device: DevicePolicy(), seconds: 40)
        let missed = run.updates.compactMap { update -> UInt64? in if case .gap(let missed) = update.event { missed } else { nil } }
        #expect(missed.reduce(0, +) > 0, "the storm made the follower miss segments")
        let gap = Int64(missed.reduce(0, +))
        let ends = named("blackoutEnd", run)
        #expect(ends.count == 1)
        guard case .blackoutEnd(let blackout)? = ends.first?.kind else { Issue.record("expected .blackoutEnd, got \(String(describing: ends.first?.kind))"); return }
        #expect(blackout.end == StreamTime(seconds: 30 - gap), "the end segment, in the session's stream time")
        // The main stream comes back at its position, which the missed seconds did not hold back.
        #expect(ends.map(\.stream).allSatisfy { $0 >= StreamTime(seconds: 30 - gap) })
        #expect(blackout.endDate?.description == "2026-01-01T00:00:30.000Z", "the end segment's PROGRAM-DATE-TIME")
        #expect(blackout.date(at: StreamTime(seconds: 30 - gap))?.description == "2026-01-01T00:00:30.000Z")
        #expect(blackout.date?.description == "2026-01-01T00:00:10.000Z")
        #expect(run.player.itemHistory == [.alternate(url: Self.alternate), .main])
    }

    /// A main playlist that stays unreachable leaves the alternate playing.
    @Test func aMainPlaylistThatStaysUnreachable_leavesTheAlternatePlaying() async throws {
        let outage = LiveOriginScript.Fault(from: ClockTime(seconds: 12), .status(404))
        let run = try await play(script(Self.webForbidden, faults: [outage]), device: DevicePolicy(), seconds: 40)
        #expect(named("blackoutEnd", run).isEmpty)
        #expect(run.player.item == .alternate(url: Self.alternate))
        #expect(run.session.isRunning)
        #expect(named("error", run).count >= 4)
    }

    /// The app's own predicate over its own tag drives the same controller.
    @Test func anAppPredicateOverACustomTag_drivesTheSameController() async throws {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        script.extraTags[10] = ["#EXT-X-MY-BLACKOUT:START"]
        script.extraTags[30] = ["#EXT-X-MY-BLACKOUT:END"]
        let rule = BlackoutTagRule(
            tags: ["#EXT-X-MY-BLACKOUT"], isBlackoutStart: { $0.value == "START" }, isBlackoutEnd: { $0.value == "END" })
        let run = try await play(script, device: DevicePolicy(delivery: .managed), seconds: 32, rule: rule)
        #expect(named("blackoutStart", run).map(\.stream) == [StreamTime(seconds: 10)])
        #expect(named("blackoutEnd", run).map(\.stream) == [StreamTime(seconds: 30)])
        #expect(run.player.itemHistory == [.alternate(url: Self.alternate), .main])
        if case .blackoutStart(let blackout, _)? = named("blackoutStart", run).first?.kind {
            #expect(blackout.id == "app-1")
            #expect(blackout.verdict.reasons == [.appRule("#EXT-X-MY-BLACKOUT")])
        }
        // Without the rule the tag is nothing to the controller.
        let without = try await play(script, device: DevicePolicy(), seconds: 32)
        #expect(named("blackoutStart", without).isEmpty)
    }
}
