internal import AdLive
internal import AdSignals
internal import AdTimeline
internal import HLS
internal import MediaTime
internal import SSAITracking

/// The tracking side of an SSAI session: when to poll, the ledger, where
/// each avail was placed, and what was already said.
struct TrackingState: Sendable {
    let poller: TrackingPoller
    private var ledger = TrackingLedger()
    private var lastPoll: ClockTime?
    /// Each avail's start as the server gave it and as placed on the stream.
    private var placed: [String: (server: StreamTime, stream: StreamTime)] = [:]
    /// Warnings already given, so a poll does not repeat them.
    private var warned: Set<String> = []
    /// Where `hlsAnchorMediaSequenceNumber`'s segment starts, once seen.
    private var anchorOffset: MediaDuration?

    init(poller: TrackingPoller) { self.poller = poller }

    /// Whether a poll is due: the first, then once per target duration.
    func isDue(at now: ClockTime, every interval: MediaDuration) -> Bool {
        guard let lastPoll else { return true }
        return now - lastPoll >= interval
    }

    /// Polls, merges and says what changed, each avail placed on `playlist`'s stream.
    mutating func poll(at now: ClockTime, playlist: MediaPlaylist, timeout: Duration) async -> [SSAIEvent] {
        lastPoll = now
        let pages: [TrackingResponse]
        do {
            pages = try await poller.poll(timeout: timeout)
        } catch {
            return [.trackingError("tracking data: \(error)")]
        }
        var events: [SSAIEvent] = []
        if let anchor = pages.lazy.compactMap(\.anchorMediaSequence).first, anchorOffset == nil {
            if let segment = playlist.segments.first(where: { $0.mediaSequence == anchor }) {
                anchorOffset = MediaDuration(ticks: segment.start.ticks)
            } else {
                events += warn("hlsAnchorMediaSequenceNumber \(anchor) is not in the manifest's window; times are taken from its first segment")
            }
        }
        let isVOD = playlist.endList
        let windowStart = isVOD ? nil : playlist.segments.first?.start
        for change in ledger.merge(pages, windowStart: windowStart) {
            events += describe(change, playlist: playlist, isVOD: isVOD)
        }
        return events
    }

    private mutating func describe(_ change: TrackingChange, playlist: MediaPlaylist, isVOD: Bool) -> [SSAIEvent] {
        switch change {
        case .availStart(let avail), .availUpdate(let avail):
            let (onStream, warnings) = place(avail, playlist: playlist)
            var events = warnings.flatMap { warn($0) }
            if let conflict = AvailAnchoring.conflict(of: onStream, with: Array(playlist.opportunities)) { events += warn(conflict) }
            let position = isVOD ? vodPosition(of: avail.id, playlist: playlist) : .stream(onStream.start)
            let placedChange: TrackingChange = if case .availStart = change { .availStart(onStream) } else { .availUpdate(onStream) }
            return [.tracking(placedChange, position: position)] + events
        case .availRemoved(let avail):
            let (onStream, _) = place(avail, playlist: playlist)
            placed[avail.id] = nil
            return [.tracking(.availRemoved(onStream), position: nil)]
        case .adStart(let id, let ad), .adUpdate(let id, let ad):
            let shift = placed[id].map { $0.stream - $0.server } ?? .zero
            var moved = ad
            moved.start = ad.start + shift
            let placedChange: TrackingChange = if case .adStart = change { .adStart(availID: id, moved) } else { .adUpdate(availID: id, moved) }
            return [.tracking(placedChange, position: nil)]
        case .nonLinearAvail(let avail):
            return [.tracking(.nonLinearAvail(place(avail, playlist: playlist).avail), position: nil)]
        }
    }

    /// The avail on the stream: placed once (the first time it is seen, or
    /// again when the server moves it), the same way after.
    private mutating func place(_ avail: TrackedAvail, playlist: MediaPlaylist) -> (avail: TrackedAvail, warnings: [String]) {
        if let known = placed[avail.id], known.server == avail.start {
            return (AvailAnchoring.moved(avail, by: known.stream - known.server), [])
        }
        let (onStream, warnings) = AvailAnchoring.anchor(avail, offset: anchorOffset ?? .zero, in: playlist)
        placed[avail.id] = (avail.start, onStream.start)
        return (onStream, warnings)
    }

    /// A VOD avail's position: its stream time less the avails before it.
    private mutating func vodPosition(of id: String, playlist: MediaPlaylist) -> OpportunityPosition? {
        let avails = ledger.orderedAvails.map { place($0, playlist: playlist).avail }
        guard let index = avails.firstIndex(where: { $0.id == id }) else { return nil }
        return TrackedAvails.positions(of: avails, occupancy: .addsStreamTime)[index]
    }

    private mutating func warn(_ message: String) -> [SSAIEvent] {
        warned.insert(message).inserted ? [.warning(message)] : []
    }
}
