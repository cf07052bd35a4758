public import AdLive
public import AdPlayback
internal import AdSignals
internal import AdTimeline
public import HLS
public import MediaTime

/// What each live update means to a session: the one place where a live
/// playlist's news becomes session inputs.
///
/// - A changed refresh moves the window: breaks wholly before its first
///   segment leave (their watched state stays), the seekable range becomes
///   the window less the hold-back, and open breaks grow to the live edge
///   (a CUE-OUT with no duration, continued by CUE-OUT-CONT).
/// - An opportunity that starts, changes or ends is the same opportunity
///   again (same id): the session adds it once and merges the rest.
/// - A subscribed tag is timed metadata, delivered when playback reaches it.
/// - A blackout for this device is the session's to switch to alternate
///   content and back (DESIGN: Blackout).
/// - An origin fault is an `error` of the main stream's item, never fatal.
/// - ENDLIST ends the stream where its last segment ends.
public enum LiveInputs {
    /// The inputs `event` means, `follower` being the follower after it: its
    /// playlist, origin restarts and URL. Before the first playlist, only a
    /// fault means something: an error of the main stream.
    ///
    /// The playlist is read where it is, not copied out of the follower for
    /// each event.
    public static func inputs(for event: LiveEvent, from follower: LiveFollower) -> [SessionInput] {
        guard follower.live != nil else {
            guard case .originError(let url, let status, let reason, let retryIn) = event else { return [] }
            return [streamError(url: url, status: status, reason: reason, retryIn: retryIn)]
        }
        return inputs(for: event, in: follower.live!.playlist, names: follower.names, playlistURL: follower.url)
    }

    /// The inputs `event` means, `playlist` being the playlist after it,
    /// `epoch` the origin restarts so far (`LiveFollower.epoch`) and
    /// `playlistURL` where the playlist came from (what an interstitial's
    /// relative asset URIs resolve against).
    public static func inputs(for event: LiveEvent, in playlist: MediaPlaylist, epoch: Int = 0, playlistURL: String? = nil) -> [SessionInput] {
        inputs(for: event, in: playlist, names: LiveNames(epoch: epoch), playlistURL: playlistURL)
    }

    /// The same, the ids being those `names` gives (a follower's
    /// `LiveFollower.names`, which remember the date ranges of the window
    /// before an origin restart).
    public static func inputs(for event: LiveEvent, in playlist: MediaPlaylist, names: LiveNames, playlistURL: String? = nil) -> [SessionInput] {
        switch event {
        case .refresh(_, _, let changed):
            guard changed, let first = playlist.segments.first else { return [] }
            let window = LiveWindow(playlist)
            let edge = window.edge
            var inputs: [SessionInput] = [
                .timelineChanged(.drop(before: ContentTime(ticks: first.start.ticks))),
                .timelineChanged(.window(ContentTime(ticks: first.start.ticks)...ContentTime(ticks: window.joinPoint.ticks))),
            ]
            // By index: only an open break is copied out of the window's list.
            let opportunities = playlist.opportunities
            for index in opportunities.indices.reversed().prefix(16)
            where opportunities[index].isOpen && opportunities[index].plannedDuration == nil {
                let opportunity = opportunities[index]
                var grown = AdOpportunity(opportunity, playlistURL: playlistURL)
                grown.id = names.id(of: opportunity)
                grown.duration = edge > opportunity.start ? edge - opportunity.start : nil
                if grown.duration != nil { inputs.append(.opportunity(grown)) }
            }
            inputs += creativeSignals(in: playlist, from: first.start, epoch: names.epoch, playlistURL: playlistURL)
            inputs += snappedIn(playlist, names: names, playlistURL: playlistURL)
            return inputs
        case .opportunityStart(let opportunity), .opportunityUpdate(let opportunity), .opportunityEnd(let opportunity):
            return [.opportunity(AdOpportunity(opportunity, in: playlist, playlistURL: playlistURL))]
        case .timedMetadata(let item, let date):
            return [.metadata(TimedMetadata(
                name: item.name, value: item.value ?? "", streamTime: item.time, date: date, isForeground: true))]
        case .end:
            guard let last = playlist.segments.last else { return [] }
            return [.timelineChanged(.end(at: ContentTime(ticks: last.end.ticks)))]
        case .originError(let url, let status, let reason, let retryIn):
            return [streamError(url: url, status: status, reason: reason, retryIn: retryIn)]
        case .stale, .gap, .windowReset, .segmentRewritten:
            return []
        case .blackout(let change):
            return [.blackout(change)]
        }
    }

    /// Recent interstitials with `X-SNAP=IN` whose resume point the window
    /// now reaches: mapped again, their resume point moves to a segment
    /// boundary (a session takes the change while it has not begun one).
    static func snappedIn(_ playlist: MediaPlaylist, names: LiveNames, playlistURL: String?) -> [SessionInput] {
        guard let end = playlist.segments.last?.end else { return [] }
        var inputs: [SessionInput] = []
        let opportunities = playlist.opportunities
        for index in opportunities.indices.reversed().prefix(16) {
            guard case .interstitial(let interstitial) = opportunities[index].kind, interstitial.snap.contains(.in) else { continue }
            let placement = opportunities[index]
            guard placement.start + (interstitial.resumeOffset ?? placement.duration ?? .zero) <= end else { continue }
            var opportunity = AdOpportunity(placement, in: playlist, playlistURL: playlistURL)
            opportunity.id = names.id(of: placement)
            inputs.append(.opportunity(opportunity))
        }
        return inputs
    }

    /// The ads SVTA 2053-2 creative signalling describes in the window (from
    /// `windowStart` on), as tracked avails: known breaks with their
    /// tracking, which a session takes once and updates when they change.
    static func creativeSignals(in playlist: MediaPlaylist, from windowStart: StreamTime, epoch: Int, playlistURL: String?) -> [SessionInput] {
        var inputs: [SessionInput] = []
        for range in playlist.creativeSignalRanges {
            // One that cannot be read was a warning of the parse.
            guard let signal = try? CreativeSignal(range), var opportunity = AdOpportunity(signal, in: playlist, playlistURL: playlistURL),
                  case .stream(let start) = opportunity.position, start + (opportunity.duration ?? .zero) > windowStart else { continue }
            opportunity.id = LiveFollower.opportunityID(opportunity.id, epoch: epoch)
            inputs.append(.opportunity(opportunity))
        }
        return inputs
    }

    /// An origin fault as the session reports it.
    public static func streamError(url: String, status: Int?, reason: String, retryIn: MediaDuration) -> SessionInput {
        let code = status.map { "HTTP \($0): " } ?? ""
        return .streamError("\(url): \(code)\(reason); retrying in \(retryIn.decimalSeconds) s")
    }
}
