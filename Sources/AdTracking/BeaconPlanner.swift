public import AdPlayback
import AdPolicy
import AdTimeline
public import MediaTime
public import VAST

/// Decides which beacons fire, and when, from a session's events and its
/// ad playhead: pure, so the firing table is tested input by input.
///
/// Feed it every input's events with ``plan(_:after:session:)``; it returns
/// the beacons due, each with its identity. The occurrence of an ad
/// advances only when the session plays it again (repeat `alwaysPlay`,
/// interrupt `restart`): under `playOnce` a rewind over a played break
/// starts no ad, so nothing fires; a seek inside an ad (the session skips
/// it and enters it again at once) continues the same play.
///
/// ```swift
/// var planner = BeaconPlanner(session: "viewer-42")
/// let events = try driver.send(.start(.beginning))
/// let beacons = planner.plan(events, after: .start(.beginning), session: driver.session)
/// ```
public struct BeaconPlanner: Sendable {
    /// The prefix of every session's identity: session n is `prefix/n`.
    public let sessionPrefix: String
    /// The app's limit-ad-tracking setting, the value of `[LIMITADTRACKING]`.
    public var limitAdTracking: Bool
    /// The sessions started so far.
    public private(set) var sessionCount = 0
    /// Events seen so far, across inputs.
    public private(set) var eventCount = 0

    private struct AdKey: Hashable, Sendable {
        var breakID: String
        var adID: String
    }

    private var occurrences: [AdKey: Int] = [:]
    private var view: AdView?
    /// Breaks reached this session (started, or skipped other than as
    /// watched or unresolved), in order, for `notUsed`.
    private var reached: [AdBreak] = []
    private var errorCounts: [AdKey: Int] = [:]
    /// Ads that failed this session: no `notUsed` for them.
    private var failed: Set<AdKey> = []
    private var beacons: [Beacon] = []
    private var clock: ClockTime = .zero
    private var content: ContentTime = .zero
    private var trigger = -1

    /// Creates a planner; sessions are `sessionPrefix/1`, `/2`, ….
    public init(session sessionPrefix: String, limitAdTracking: Bool = false) {
        self.sessionPrefix = sessionPrefix
        self.limitAdTracking = limitAdTracking
    }

    /// The identity of the current (or, before the first, the next) session.
    public var session: String { "\(sessionPrefix)/\(max(sessionCount, 1))" }

    /// The beacons `events`, the session's answer to `input`, make due;
    /// `session` is its state after.
    public mutating func plan(_ events: [SessionEvent], after input: SessionInput, session: PlaybackSession) -> [Beacon] {
        beacons = []
        let isPlay: Bool
        switch input {
        case .tick, .player(.ended): isPlay = true
        default: isPlay = false
        }
        for event in events {
            clock = event.clock
            content = event.content
            trigger = eventCount
            eventCount += 1
            take(event, isPlay: isPlay, session: session)
        }
        fireSkipIfPending()
        sample(session, isPlay: isPlay)
        return beacons
    }

    /// The beacons of an interaction the app reports during an ad (`mute`,
    /// `unmute`, `fullscreen`, `clickTracking`, …); none outside ads.
    public mutating func interaction(_ name: String, session: PlaybackSession, at clock: ClockTime) -> [Beacon] {
        beacons = []
        self.clock = clock
        trigger = eventCount - 1
        sample(session, isPlay: true)
        fireReported(name)
        return beacons
    }

    /// The beacons of ads that cannot play: every Error URL of each report,
    /// `[ERRORCODE]` filled.
    public mutating func errors(_ reports: [AdErrorReport], at clock: ClockTime) -> [Beacon] {
        beacons = []
        for report in reports {
            let breakID = report.breakID ?? "-"
            let adID = report.adID ?? breakID
            let key = AdKey(breakID: breakID, adID: adID)
            let instance = errorCounts[key, default: 0] + 1
            errorCounts[key] = instance
            var macros = commonMacros
            macros["ERRORCODE"] = String(report.code)
            for (slot, url) in report.urls.enumerated() {
                let id = BeaconID(session: session, breakID: breakID, adID: adID, tracking: "error",
                                  occurrence: 1, instance: instance, slot: slot)
                beacons.append(Beacon(id: id, template: url, macros: macros, clock: clock, adPlayhead: nil, afterEvent: eventCount - 1))
            }
        }
        return beacons
    }

    /// How much more play at 1x until the next quartile or timed beacon of
    /// the ad playing; `nil` when none is due in it.
    public func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? {
        guard let view, let playhead = session.adPlayhead, playhead.breakID == view.breakID, playhead.adIndex == view.adIndex,
              var wait = view.timeToNextMoment() else { return nil }
        if let offset = view.offset, playhead.offset > offset { wait -= playhead.offset - offset }
        return wait > .zero ? wait : nil
    }

    // MARK: - Events

    private mutating func take(_ event: SessionEvent, isPlay: Bool, session: PlaybackSession) {
        switch event.kind {
        case .sessionStart:
            sessionCount += 1
            occurrences = [:]
            failed = []
            reached = []
            view = nil
        case .adStart(let breakID, let adID):
            startAd(breakID: breakID, adID: adID, isPlay: isPlay, session: session)
        case .adEnd(let breakID, let adID):
            guard var current = view, current.breakID == breakID, current.ad.id == adID else { return }
            for (slot, at) in current.play(to: current.ad.duration) { fire(slot, of: current, at: at) }
            for slot in current.take(.adEnd) { fire(slot, of: current, at: current.ad.duration) }
            view = nil
        case .adSkip(let breakID, let adID):
            // The viewer's skip: the ad's `skip` fires now, where it was left.
            guard view?.breakID == breakID, view?.ad.id == adID else { return }
            fireReported("skip")
            view = nil
        case .adBreakSkip(let breakID, let reason):
            if view?.breakID == breakID { view?.skipPending = true }
            if reason != .watched, reason != .unresolved { reach(breakID, in: session) }
        case .adBreakStart(let breakID):
            reach(breakID, in: session)
        case .adError(let breakID, let adID, let failure):
            failAd(breakID: breakID, adID: adID, code: failure.vastCode, session: session)
        case .pause:
            fireReported("pause")
        case .resume:
            fireReported("resume")
        case .sessionEnd:
            fireSkipIfPending()
            view = nil
            fireNotUsed()
        default:
            break
        }
    }

    private mutating func startAd(breakID: String, adID: String, isPlay: Bool, session: PlaybackSession) {
        if var current = view, current.skipPending, current.breakID == breakID, current.ad.id == adID {
            // A seek inside the ad: the same play goes on from where it lands.
            current.skipPending = false
            current.offset = nil
            view = current
            return
        }
        fireSkipIfPending()
        let located = session.adPlayhead.flatMap { $0.breakID == breakID && $0.ad.id == adID ? $0 : nil }
            ?? Self.locate(breakID: breakID, adID: adID, in: session)
        guard let located else { view = nil; return }
        let key = AdKey(breakID: breakID, adID: adID)
        let occurrence = occurrences[key, default: 0] + 1
        occurrences[key] = occurrence
        var started = AdView(breakID: breakID, breakPosition: located.breakPosition, adIndex: located.adIndex, ad: located.ad,
                             occurrence: occurrence)
        // Play inputs start ads at their beginning; a jump's entry is read after it.
        started.offset = isPlay ? .zero : nil
        for slot in started.take(.adStart) { fire(slot, of: started, at: .zero) }
        if isPlay {
            for slot in started.take(.offset(.zero)) { fire(slot, of: started, at: .zero) }
        }
        view = started
    }

    /// An ad that could not play: only its Error URLs, with the code; it
    /// gets no impression, quartile or `notUsed`.
    private mutating func failAd(breakID: String, adID: String, code: Int, session: PlaybackSession) {
        let key = AdKey(breakID: breakID, adID: adID)
        failed.insert(key)
        let failing: AdView
        if let current = view, current.breakID == breakID, current.ad.id == adID {
            failing = current
            view = nil
        } else if let located = Self.locate(breakID: breakID, adID: adID, in: session) {
            failing = AdView(breakID: breakID, breakPosition: located.breakPosition, adIndex: located.adIndex, ad: located.ad,
                             occurrence: occurrences[key, default: 0] + 1)
        } else {
            return
        }
        let instance = errorCounts[key, default: 0] + 1
        errorCounts[key] = instance
        for slot in failing.ad.tracking.indices where failing.ad.tracking[slot].event == "error" {
            fire(slot, of: failing, at: .zero, instance: instance, macros: ["ERRORCODE": String(code)])
        }
    }

    /// An ad of a session's break, by id (for an ad the session no longer plays).
    private static func locate(breakID: String, adID: String, in session: PlaybackSession) -> AdPlayhead? {
        guard let adBreak = session.timeline.adBreak(id: breakID),
              let index = adBreak.ads.firstIndex(where: { $0.id == adID }) else { return nil }
        return AdPlayhead(breakID: breakID, breakPosition: adBreak.position, adIndex: index, ad: adBreak.ads[index], offset: .zero)
    }

    /// Where the session's ad playhead is now: the play since the last
    /// sample counts when the input played, and fires what it crossed.
    private mutating func sample(_ session: PlaybackSession, isPlay: Bool) {
        guard var current = view, let playhead = session.adPlayhead,
              playhead.breakID == current.breakID, playhead.adIndex == current.adIndex else { return }
        if current.offset == nil {
            current.offset = playhead.offset
            if playhead.offset == .zero {
                for slot in current.take(.offset(.zero)) { fire(slot, of: current, at: .zero) }
            }
        } else if isPlay {
            clock = session.clock
            content = session.playhead.content
            for (slot, at) in current.play(to: playhead.offset) {
                fire(slot, of: current, at: at, clock: session.clock - (playhead.offset - at))
            }
        }
        view = current
    }

    private mutating func fireSkipIfPending() {
        guard let current = view, current.skipPending else { return }
        fireReported("skip")
        view = nil
    }

    private mutating func fireReported(_ name: String) {
        guard var current = view else { return }
        let (slots, instance) = current.report(name)
        view = current
        for slot in slots { fire(slot, of: current, at: current.offset ?? .zero, instance: instance) }
    }

    private mutating func reach(_ breakID: String, in session: PlaybackSession) {
        guard let adBreak = session.timeline.adBreak(id: breakID) ?? session.initialTimeline.adBreak(id: breakID) else { return }
        reached.append(adBreak)
    }

    /// `notUsed` for the ads of the breaks reached this session that never
    /// started in it: skipped, passed over by a seek into the break, or cut
    /// off by a stop (VAST 4.2, best effort).
    private mutating func fireNotUsed() {
        var seen: Set<String> = []
        for adBreak in reached where seen.insert(adBreak.id).inserted {
            for (index, ad) in adBreak.ads.enumerated()
            where occurrences[AdKey(breakID: adBreak.id, adID: ad.id)] == nil && !failed.contains(AdKey(breakID: adBreak.id, adID: ad.id)) {
                let unplayed = AdView(breakID: adBreak.id, breakPosition: adBreak.position, adIndex: index, ad: ad, occurrence: 1)
                for slot in ad.tracking.indices where ad.tracking[slot].event == "notUsed" {
                    fire(slot, of: unplayed, at: .zero)
                }
            }
        }
        reached = []
    }

    // MARK: - Beacons

    private mutating func fire(
        _ slot: Int, of view: AdView, at adPlayhead: MediaDuration, instance: Int = 1, clock firedAt: ClockTime? = nil,
        macros extra: [String: String] = [:]
    ) {
        let event = view.ad.tracking[slot]
        let id = BeaconID(session: session, breakID: view.breakID, adID: view.ad.id, tracking: event.event,
                          occurrence: view.occurrence, instance: instance, slot: slot)
        var macros = commonMacros
        macros["ADPLAYHEAD"] = VASTMacros.playhead(adPlayhead)
        macros["MEDIAPLAYHEAD"] = VASTMacros.playhead(content - .zero)
        macros["ASSETURI"] = view.ad.primaryAsset?.uri ?? "-1"
        macros["BREAKPOSITION"] = Self.breakPosition(view.breakPosition)
        macros["ADSERVINGID"] = view.ad.adServingID ?? "-1"
        macros["PODSEQUENCE"] = String(view.adIndex + 1)
        macros.merge(extra) { _, new in new }
        beacons.append(Beacon(id: id, template: event.uri, macros: macros, clock: firedAt ?? clock, adPlayhead: adPlayhead,
                              afterEvent: trigger))
    }

    private var commonMacros: [String: String] { ["LIMITADTRACKING": limitAdTracking ? "1" : "0"] }

    /// VAST 4.1's `[BREAKPOSITION]`: 1 pre-roll, 2 mid-roll, 3 post-roll.
    static func breakPosition(_ position: BreakPosition) -> String {
        switch position {
        case .preroll: "1"
        case .midroll: "2"
        case .postroll: "3"
        }
    }
}
