internal import HLS
internal import MediaTime

/// What following has already reported, so each opportunity starts, changes
/// and ends once, and each subscribed tag is delivered once per occurrence,
/// however many refreshes repeat it.
struct LiveReporter: Sendable {
    /// Origin restarts before this reporter; from the first on, ids carry
    /// it (`break-15~1`), so a restarted stream's breaks are never taken
    /// for the earlier ones with the same media sequence numbers.
    let epoch: Int

    init(epoch: Int) { self.epoch = epoch }
    /// The open opportunities reported, with what was said of them.
    private var open: [String: (duration: MediaDuration?, isOpen: Bool)] = [:]
    /// Tag occurrences delivered, by the segment they precede.
    private var delivered: Set<MetadataKey> = []
    /// The first media sequence whose tags are not yet all delivered.
    private var nextSequence: UInt64?

    /// One occurrence of a tag: the segment it precedes, its text, and how
    /// many of the same text came before it there.
    struct MetadataKey: Hashable {
        var mediaSequence: UInt64
        var name: String
        var value: String?
        var ordinal: Int
        /// `name` and `value` hashed once, as the key is made: the tables
        /// that hold keys hash this, not the tag's text (a date range's
        /// whole attribute list) again on every lookup and every refresh.
        private let textHash: Int

        init(mediaSequence: UInt64, name: String, value: String?, ordinal: Int) {
            self.mediaSequence = mediaSequence
            self.name = name
            self.value = value
            self.ordinal = ordinal
            var hasher = Hasher()
            hasher.combine(name)
            hasher.combine(value)
            textHash = hasher.finalize()
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.textHash == rhs.textHash && lhs.mediaSequence == rhs.mediaSequence && lhs.ordinal == rhs.ordinal
                && lhs.name == rhs.name && lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(mediaSequence)
            hasher.combine(textHash)
            hasher.combine(ordinal)
        }
    }

    /// Everything in a first playlist.
    mutating func reportAll(_ playlist: MediaPlaylist) -> [LiveEvent] {
        var events: [LiveEvent] = []
        for opportunity in playlist.opportunities { events += started(opportunity) }
        events += newMetadata(in: playlist)
        return events
    }

    /// What a refresh changed.
    mutating func report(_ delta: PlaylistDelta, in playlist: MediaPlaylist) -> [LiveEvent] {
        var events: [LiveEvent] = []
        var byID: [String: PlacementOpportunity] = [:]
        let touched = Set(delta.openedOpportunities + delta.closedOpportunities + delta.updatedOpportunities).union(open.keys)
        // The opportunities touched are the latest: look from the end, and stop once each is found.
        let opportunities = playlist.opportunities
        var index = opportunities.endIndex
        while byID.count < touched.count, index > opportunities.startIndex {
            index -= 1
            let id = opportunities[index].id
            if byID[id] == nil, touched.contains(id) { byID[id] = opportunities[index] }
        }
        for id in delta.openedOpportunities where open[id] == nil {
            if let opportunity = byID[id] { events += started(opportunity) }
        }
        // A closed interstitial that a later tag of its ID told more about.
        for id in delta.updatedOpportunities where open[id] == nil {
            if let opportunity = byID[id] { events.append(.opportunityUpdate(named(opportunity))) }
        }
        for id in open.keys.sorted() {
            guard let opportunity = byID[id], let said = open[id] else { continue }
            if !opportunity.isOpen {
                open[id] = nil
                events.append(.opportunityEnd(named(opportunity)))
            } else if said.duration != opportunity.duration {
                open[id] = (opportunity.duration, true)
                events.append(.opportunityUpdate(named(opportunity)))
            }
        }
        events += newMetadata(in: playlist)
        return events
    }

    private func named(_ opportunity: PlacementOpportunity) -> PlacementOpportunity {
        var renamed = opportunity
        renamed.id = LiveFollower.opportunityID(opportunity.id, epoch: epoch)
        return renamed
    }

    private mutating func started(_ placement: PlacementOpportunity) -> [LiveEvent] {
        let opportunity = named(placement)
        guard opportunity.isOpen else { return [.opportunityStart(opportunity), .opportunityEnd(opportunity)] }
        open[placement.id] = (opportunity.duration, true)
        return [.opportunityStart(opportunity)]
    }

    /// The window's tags not delivered yet, in playlist order. Only the
    /// segments from the last one not fully delivered are looked at, so a
    /// refresh costs its new tags, not the window's.
    private mutating func newMetadata(in playlist: MediaPlaylist) -> [LiveEvent] {
        let metadata = playlist.metadata
        guard !metadata.isEmpty else { return [] }
        let from = nextSequence ?? 0
        var start = metadata.endIndex
        while start > metadata.startIndex, metadata[start - 1].mediaSequence >= from { start -= 1 }
        var events: [LiveEvent] = []
        var ordinals: [MetadataKey: Int] = [:]
        for index in start..<metadata.endIndex {
            let item = metadata[index]
            let first = MetadataKey(mediaSequence: item.mediaSequence, name: item.name, value: item.value, ordinal: 0)
            var key = first
            key.ordinal = ordinals[first, default: 0]
            ordinals[first] = key.ordinal + 1
            guard delivered.insert(key).inserted else { continue }
            events.append(.timedMetadata(item, date: playlist.programDateTime(at: item.time)))
        }
        // Tags after the last segment are read again next time; keep their keys.
        let next = playlist.segments.last.map { $0.mediaSequence + 1 } ?? from
        delivered = delivered.filter { $0.mediaSequence >= next }
        nextSequence = next
        return events
    }
}
