public import HLS
internal import SCTE35
internal import MediaTime

extension AdOpportunity {
    /// The opportunity an HLS placement marks: at its stream time, with its
    /// duration (actual when closed, planned while open), the tags that
    /// marked it and its first SCTE-35 cue.
    ///
    /// Stream time begins at the first segment seen, so a break that began
    /// before it (a window joined mid-break, its elapsed time stated) starts
    /// there, with the part that is left.
    ///
    /// An interstitial is an ``OpportunitySignal/interstitial(_:playlistURL:)``
    /// opportunity: a pre-roll with `CUE=PRE`, a post-roll with `CUE=POST`,
    /// else at its START-DATE's stream time; `playlistURL` (the playlist's
    /// own URL) is what its relative asset URIs resolve against.
    public init(_ placement: borrowing PlacementOpportunity) { self.init(placement, playlistURL: nil) }

    /// The opportunity an HLS placement marks in `playlist`, which came from
    /// `playlistURL`: an interstitial's relative asset URIs resolve against
    /// it, and its `X-SNAP` moves its out point (`OUT`) and the point primary
    /// playback resumes at (`IN`, when it covers content) to the nearest
    /// segment boundary of the playlist. A point past the playlist's last
    /// segment stays where it is.
    ///
    /// Interstitials at one date play in tag order with cumulative offsets:
    /// each after the first is placed where primary playback would resume
    /// after those before it, so it plays right after them.
    public init(_ placement: borrowing PlacementOpportunity, in playlist: borrowing MediaPlaylist, playlistURL: String?) {
        self.init(placement, playlistURL: playlistURL)
        guard case .interstitial(var interstitial, let url) = signal, case .stream(var scheduled) = position else { return }
        scheduled = scheduled + Self.coveredBefore(placement, in: playlist)
        position = .stream(scheduled)
        guard !interstitial.snap.isEmpty else { return }
        var start = scheduled
        if interstitial.snap.contains(.out), let boundary = Self.nearestBoundary(to: scheduled, in: playlist) { start = boundary }
        let covered = interstitial.resumeOffset ?? duration ?? .zero
        if interstitial.snap.contains(.in), covered > .zero, let boundary = Self.nearestBoundary(to: scheduled + covered, in: playlist), boundary > start {
            interstitial.resumeOffset = boundary - start
        }
        position = .stream(start)
        signal = .interstitial(interstitial, playlistURL: url)
    }

    /// The content the interstitials scheduled at `placement`'s date before
    /// it (in tag order) cover: their resume offsets, a missing one being
    /// the interstitial's duration.
    ///
    /// The placement is found in the window by its date range's ID as well
    /// as by its id: a follower renames what it reports after an origin
    /// restart (`promo~1`), and the window keeps the name the tag gave.
    static func coveredBefore(_ placement: PlacementOpportunity, in playlist: MediaPlaylist) -> MediaDuration {
        var covered = MediaDuration.zero
        let opportunities = playlist.opportunities
        let rangeID = placement.firstDateRangeID
        // By index, reading only the start of each: the window's others are never copied.
        for index in opportunities.indices where opportunities[index].start == placement.start {
            if opportunities[index].id == placement.id || rangeID != nil && opportunities[index].firstDateRangeID == rangeID { break }
            guard case .interstitial(let other) = opportunities[index].kind, other.cue.isDisjoint(with: [.pre, .post]) else { continue }
            covered += other.resumeOffset ?? opportunities[index].duration ?? .zero
        }
        return covered
    }

    /// The segment boundary nearest `time`: a segment's start, or its end
    /// from half-way through it; nil past the last segment.
    static func nearestBoundary(to time: StreamTime, in playlist: MediaPlaylist) -> StreamTime? {
        let segments = playlist.segments
        guard let last = segments.last, time <= last.end else { return nil }
        var low = segments.startIndex
        var high = segments.endIndex
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].end <= time { low = middle + 1 } else { high = middle }
        }
        guard low < segments.endIndex else { return last.end }
        let segment = segments[low]
        return (time - segment.start).ticks * 2 < segment.duration.ticks ? segment.start : segment.end
    }

    /// The opportunity an HLS placement marks, in the playlist at
    /// `playlistURL`: an interstitial's relative asset URIs resolve against it.
    public init(_ placement: borrowing PlacementOpportunity, playlistURL: String?) {
        let start = max(placement.start, .zero)
        let cut = start - placement.start
        var position = OpportunityPosition.stream(start)
        var signal = OpportunitySignal.inStream(tags: placement.sources, scte35: placement.scte35?.section)
        if case .interstitial(let interstitial) = placement.kind {
            signal = .interstitial(interstitial, playlistURL: playlistURL)
            if interstitial.cue.contains(.pre) { position = .preroll }
            if interstitial.cue.contains(.post) { position = .postroll }
        }
        self.init(
            id: placement.id, position: position, duration: placement.duration.map { max($0 - cut, .zero) },
            isOpen: placement.isOpen, signal: signal,
            adSplits: placement.adStarts.filter { $0 > start }.map { $0 - start })
    }

    /// The opportunities a live refresh opened or closed, as they stand after
    /// it, in the order the refresh reported them, each once. An id seen
    /// before is the same opportunity again: a session merges it into the
    /// break it already has (a close, a longer duration), never adds a
    /// second.
    ///
    /// ```swift
    /// let delta = try live.refresh(with: text)
    /// for opportunity in AdOpportunity.updates(in: delta, of: live.playlist) {
    ///     try driver.send(.opportunity(opportunity))
    /// }
    /// ```
    @available(*, deprecated, message: """
        One mapper turns a live playlist's news into session inputs: follow it with LiveFollower (or LiveSource) and hand \
        each event to LiveInputs.inputs(for:in:epoch:), which also renames breaks after an origin restart and grows open ones \
        to the live edge. This one does neither and goes in the next release.
        """)
    public static func updates(in delta: PlaylistDelta, of playlist: MediaPlaylist) -> [AdOpportunity] {
        var seen: Set<String> = []
        var updates: [AdOpportunity] = []
        for id in delta.openedOpportunities + delta.closedOpportunities where seen.insert(id).inserted {
            guard let placement = playlist.opportunities.last(where: { $0.id == id }) else { continue }
            updates.append(AdOpportunity(placement))
        }
        return updates
    }
}
