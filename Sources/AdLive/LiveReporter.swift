internal import HLS
internal import MediaTime

/// What following has already reported, so each opportunity starts, changes
/// and ends once, and each subscribed tag is delivered once per occurrence,
/// however many refreshes repeat it.
struct LiveReporter: Sendable {
    /// The ids it reports opportunities under: from the first origin
    /// restart on they carry the restart count (`break-15~1`), so a
    /// restarted stream's breaks are never taken for the earlier ones with
    /// the same media sequence numbers, but a date range listed again keeps
    /// its id (``LiveNames``).
    let names: LiveNames

    init(names: LiveNames) { self.names = names }
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

    /// Everything in a first playlist, appended to `events`.
    mutating func reportAll(_ playlist: MediaPlaylist, into events: inout [LiveEvent]) {
        for opportunity in playlist.opportunities { start(opportunity, into: &events) }
        newMetadata(in: playlist, into: &events)
    }

    /// What a refresh changed, appended to `events`.
    mutating func report(_ delta: PlaylistDelta, in playlist: MediaPlaylist, into events: inout [LiveEvent]) {
        // The opportunities asked about: a refresh touches few, so a list,
        // filled from the window's end (the latest) until each is found.
        let latest = Latest(of: (delta.openedOpportunities + delta.updatedOpportunities).filter { open[$0] == nil } + open.keys,
                            in: playlist.opportunities)
        for id in delta.openedOpportunities where open[id] == nil {
            if let opportunity = latest[id] { start(opportunity, into: &events) }
        }
        // A closed interstitial that a later tag of its ID told more about.
        for id in delta.updatedOpportunities where open[id] == nil {
            if let opportunity = latest[id] { events.append(.opportunityUpdate(named(opportunity))) }
        }
        for id in open.keys.sorted() {
            guard let opportunity = latest[id], let said = open[id] else { continue }
            if !opportunity.isOpen {
                open[id] = nil
                events.append(.opportunityEnd(named(opportunity)))
            } else if said.duration != opportunity.duration {
                open[id] = (opportunity.duration, true)
                events.append(.opportunityUpdate(named(opportunity)))
            }
        }
        newMetadata(in: playlist, into: &events)
    }

    /// The latest opportunity of each of a few ids, looked for from the end
    /// of the window's list until each is found. Past a few ids, a table
    /// says where an id is, not a scan of them.
    private struct Latest {
        private let ids: [String]
        private let table: [String: Int]?
        private let opportunities: [PlacementOpportunity]
        /// Where in `opportunities` each id's latest is, -1 until found:
        /// places, not copies of the opportunities.
        private var found: [Int]

        init(of ids: [String], in opportunities: [PlacementOpportunity]) {
            self.ids = ids
            self.opportunities = opportunities
            // An id given twice is found at its first place.
            table = ids.count > 8 ? Dictionary(zip(ids, ids.indices), uniquingKeysWith: { first, _ in first }) : nil
            found = Array(repeating: -1, count: ids.count)
            var missing = ids.count
            var index = opportunities.endIndex
            while missing > 0, index > opportunities.startIndex {
                index -= 1
                guard let slot = place(of: opportunities[index].id), found[slot] < 0 else { continue }
                found[slot] = index
                missing -= 1
            }
        }

        private func place(of id: String) -> Int? { table.map { $0[id] } ?? ids.firstIndex(of: id) }

        subscript(id: String) -> PlacementOpportunity? {
            guard let slot = place(of: id), found[slot] >= 0 else { return nil }
            return opportunities[found[slot]]
        }
    }

    private func named(_ opportunity: PlacementOpportunity) -> PlacementOpportunity {
        var renamed = opportunity
        renamed.id = names.id(of: opportunity)
        return renamed
    }

    private mutating func start(_ placement: PlacementOpportunity, into events: inout [LiveEvent]) {
        let opportunity = named(placement)
        events.append(.opportunityStart(opportunity))
        guard opportunity.isOpen else {
            events.append(.opportunityEnd(opportunity))
            return
        }
        open[placement.id] = (opportunity.duration, true)
    }

    /// The window's tags not delivered yet, in playlist order. Only the
    /// segments from the last one not fully delivered are looked at, so a
    /// refresh costs its new tags, not the window's.
    private mutating func newMetadata(in playlist: MediaPlaylist, into events: inout [LiveEvent]) {
        let metadata = playlist.metadata
        guard !metadata.isEmpty else { return }
        let from = nextSequence ?? 0
        var start = metadata.endIndex
        while start > metadata.startIndex, metadata[start - 1].mediaSequence >= from { start -= 1 }
        // Tags after the last segment are read again next time; only their keys are kept.
        let next = playlist.segments.last.map { $0.mediaSequence + 1 } ?? from
        // Which occurrence of its text each tag is: counted only when there are two to tell apart.
        var ordinals: [MetadataKey: Int]? = metadata.endIndex - start > 1 ? [:] : nil
        for index in start..<metadata.endIndex {
            let item = metadata[index]
            // Alone among the new tags, before the last segment, with none kept
            // from the last refresh: it is new, and needs no key (whose hash
            // reads a date range's whole attribute list).
            if ordinals == nil, delivered.isEmpty, item.mediaSequence < next {
                events.append(.timedMetadata(item, date: playlist.programDateTime(at: item.time)))
                continue
            }
            var key = MetadataKey(mediaSequence: item.mediaSequence, name: item.name, value: item.value, ordinal: 0)
            if ordinals != nil {
                let ordinal = ordinals![key, default: 0]
                ordinals![key] = ordinal + 1
                key.ordinal = ordinal
            }
            guard !delivered.contains(key) else { continue }
            if key.mediaSequence >= next { delivered.insert(key) }
            events.append(.timedMetadata(item, date: playlist.programDateTime(at: item.time)))
        }
        if !delivered.isEmpty { delivered = delivered.filter { $0.mediaSequence >= next } }
        nextSequence = next
    }
}
