import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// An avail of SSAI tracking data: its ads are known, so its break
    /// enters the timeline at once, and a later answer about it (more ads,
    /// a known length, more beacons) replaces it; ads already playing or
    /// played keep their state. Tracking data often arrives after the
    /// avail's first segment: a break that replaces content the playhead
    /// is already inside is joined there, at the ad playing.
    ///
    /// A break that does not fit the timeline (it would overlap another)
    /// is reported as an `error` and left out; the session goes on.
    mutating func takeTracked(_ opportunity: AdOpportunity) throws(SessionError) {
        guard var adBreak = opportunity.trackedBreak(occupancy: placeholderStyle.occupancy) else { return }
        // An avail a cue's break took stays that break.
        if let cueBreakID = trackedAliases[adBreak.id] { adBreak.id = cueBreakID }
        do throws(SessionError) {
            if let existing = timeline.adBreak(id: adBreak.id) {
                guard existing.ads != adBreak.ads else { return }
                if timeline.contentPosition(ofBreak: existing.id) == contentPosition(of: adBreak) {
                    try change(.replace(adBreak))
                } else if isUntouched(existing) {
                    try change(.withdraw(breakID: existing.id))
                    try insertTracked(adBreak)
                }
                return
            }
            guard !timeline.isWatched(adBreak.id) else { return }
            if let cued = cueBreak(at: contentPosition(of: adBreak), for: adBreak) {
                // The stream's cue marked this avail too: its break takes the signalled ads and their tracking.
                trackedAliases[adBreak.id] = cued.id
                var tracked = adBreak
                tracked.id = cued.id
                try change(.replace(tracked))
                return
            }
            try insertTracked(adBreak)
        } catch {
            guard let timelineError = error.timelineError else { throw error }
            emit(.error(message: "avail \(adBreak.id) does not fit the timeline: \(timelineError)"))
        }
    }

    private mutating func insertTracked(_ adBreak: AdBreak) throws(SessionError) {
        try change(.insert(adBreak))
        guard adBreak.occupancy == .replacesContent, case .content(let content) = phase, !isPaused else { return }
        let start = contentPosition(of: adBreak)
        guard start <= content, content < start + adBreak.duration else { return }
        reach(adBreak, entry: .fromOffset(content - start))
    }

    /// The in-stream break a cue made at `position`, not begun, that the
    /// tracked break `adBreak` describes too.
    private func cueBreak(at position: ContentTime, for adBreak: AdBreak) -> AdBreak? {
        guard let cued = timeline.adBreak(atContentTime: position), cued.id != adBreak.id, cued.insertion == .inStream,
              cued.occupancy == adBreak.occupancy, !cued.isPlaceholder, isUntouched(cued) else { return nil }
        return cued
    }

    /// A break its source withdrew: it leaves the timeline unless it has
    /// begun to play (then what the viewer saw stands).
    mutating func withdraw(_ id: String) throws(SessionError) {
        guard let adBreak = timeline.adBreak(id: id), isUntouched(adBreak) else { return }
        if case .waiting(let waiting) = phase, waiting.adBreak.id == id { return }
        try change(.withdraw(breakID: id))
    }

    /// Whether no ad of the break has played or is playing, and it is not watched.
    func isUntouched(_ adBreak: AdBreak) -> Bool {
        if case .inBreak(let playback) = phase, playback.adBreak.id == adBreak.id { return false }
        let states = timeline.adStates(ofBreak: adBreak.id) ?? []
        return !timeline.isWatched(adBreak.id) && states.allSatisfy { $0 == .available }
    }

    private func contentPosition(of adBreak: AdBreak) -> ContentTime {
        switch adBreak.position {
        case .preroll: .zero
        case .midroll(let time): time
        case .postroll: timeline.contentEnd ?? .zero
        }
    }
}
