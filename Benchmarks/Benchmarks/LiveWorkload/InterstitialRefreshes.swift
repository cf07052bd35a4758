import AdPlaybackKit

/// A live session with interstitials (resolved at once: asset URIs), a
/// refresh a second for `refreshes` seconds of 2 s segments: `measure`
/// gets the time of each refresh that adds an interstitial, from its body
/// to the session's placed and resolved break, and `plain` that of each
/// refresh adding only a segment.
public func interstitialRefreshes(window: Int, refreshes: Int, measure: (Duration) -> Void, plain: (Duration) -> Void) throws {
    var playlist = SlidingPlaylist(window: window, interstitialEvery: 150)
    let session = try LivePipeline()
    for second in 0..<refreshes {
        if second > 0 { playlist.advance() }
        let body = playlist.body
        let adds = second > 0 && playlist.hasInterstitial(playlist.last)
        let elapsed = try session.take(body, at: second, adds: adds, last: playlist.last)
        if adds { measure(elapsed) } else if second > 0 { plain(elapsed) }
    }
}

/// The same refreshes taken by two sessions, the second right after the
/// first: `first` gets the time of each refresh adding an interstitial in
/// the first session, whose code no refresh has run for minutes, and
/// `second` the same refresh's time in the second session, which finds
/// that code in the caches the first just filled (its own data is as cold
/// as the first's). Their difference is what fetching the interstitial's
/// code from memory costs; the second is the work itself.
public func twinInterstitialRefreshes(window: Int, refreshes: Int, first: (Duration) -> Void, second: (Duration) -> Void) throws {
    var playlist = SlidingPlaylist(window: window, interstitialEvery: 150)
    let sessions = (try LivePipeline(), try LivePipeline())
    for refresh in 0..<refreshes {
        if refresh > 0 { playlist.advance() }
        let body = playlist.body
        let adds = refresh > 0 && playlist.hasInterstitial(playlist.last)
        let cold = try sessions.0.take(body, at: refresh, adds: adds, last: playlist.last)
        let warm = try sessions.1.take(body, at: refresh, adds: adds, last: playlist.last)
        if adds {
            first(cold)
            second(warm)
        }
    }
}

/// A live follower and the session its inputs reach, through the runtime's
/// resolvers (cue breaks, interstitials).
final class LivePipeline {
    private var follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
    private let simulation: Simulation
    private let clock = ContinuousClock()

    init() throws {
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
        let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
        simulation = Simulation(session: session, resolvers: [InStreamMarkerResolver(), InterstitialResolver(client: client, primaryID: "bench")])
    }

    /// Takes the refresh of second `second`, which `adds` an interstitial
    /// on segment `last` (checked to be resolved in the session), and
    /// returns its time.
    func take(_ body: [UInt8], at second: Int, adds: Bool, last: Int) throws -> Duration {
        let now = ClockTime(seconds: Int64(second))
        let begin = clock.now
        if second == 0 {
            try refresh(&follower, body, at: now, into: simulation)  // the first: the whole window
        } else if adds {
            try refreshAddingInterstitial(&follower, body, at: now, into: simulation)
        } else {
            try refreshAddingSegment(&follower, body, at: now, into: simulation)
        }
        let elapsed = clock.now - begin
        if adds {
            precondition(simulation.session.timeline.adBreak(id: "promo-\(last)")?.isPlaceholder == false, "the interstitial did not resolve")
        }
        return elapsed
    }
}

/// One refresh: the follower takes `body`, and every input its events give
/// reaches the session.
@inline(never)
func refresh(_ follower: inout LiveFollower, _ body: [UInt8], at now: ClockTime, into simulation: Simulation) throws {
    for event in follower.take(body, at: now) {
        for input in LiveInputs.inputs(for: event, from: follower) {
            try simulation.send(input)
        }
    }
}

/// The same, for a refresh that adds an interstitial, and for one that
/// adds a segment only: functions of their own, so a profiler can count
/// each kind alone (`Scripts/refresh_footprint.sh`). Their bodies differ
/// (the check below), or the linker folds the two into one.
@inline(never)
func refreshAddingInterstitial(_ follower: inout LiveFollower, _ body: [UInt8], at now: ClockTime, into simulation: Simulation) throws {
    precondition(follower.live != nil, "an interstitial is added to a window already read")
    try refresh(&follower, body, at: now, into: simulation)
}

@inline(never)
func refreshAddingSegment(_ follower: inout LiveFollower, _ body: [UInt8], at now: ClockTime, into simulation: Simulation) throws {
    try refresh(&follower, body, at: now, into: simulation)
}
