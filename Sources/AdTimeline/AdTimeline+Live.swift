public import MediaTime

extension AdTimeline {
    /// Adds a break, as a live stream or a resolver brings one while a
    /// session runs.
    /// A break at the position of others comes after them (breaks at one
    /// position play back to back, in the order they entered).
    /// - Throws: ``TimelineError`` for a duplicate id, a position outside
    ///   the content, ads that are not valid, a break that covers content
    ///   overlapping another (or followed by another at its position), or a
    ///   stream grown too long.
    /// - Complexity: O(log n) expected.
    public mutating func insert(_ adBreak: AdBreak) throws(TimelineError) {
        let key = BreakKey(adBreak.id)
        guard !tree.contains(key) else { throw .duplicateID(adBreak.id) }
        try Self.validateAds(of: adBreak)
        let position = try contentPosition(checking: adBreak)
        let entry = BreakTree.Entry(adBreak, position: position)
        try checkFits(entry)
        retiredWatched.remove(adBreak.id)
        tree.insert(entry, key: key)
    }

    /// Sets the length of an open break to `duration` (its last ad, or a
    /// placeholder's planned duration, takes the change).
    /// - Throws: ``TimelineError`` when the break is not open, the length is
    ///   not positive or leaves its last ad with none, or it would run into
    ///   the next break.
    /// - Complexity: O(log n) expected.
    public mutating func extendBreak(id: String, to duration: MediaDuration) throws(TimelineError) {
        guard let entry = tree.liveEntry(id: id) else { throw .unknownBreak(id) }
        guard entry.adBreak.isOpen else { throw .notOpen(id) }
        try resize(entry, to: duration)
    }

    /// Closes an open break, at `duration` when given (a CUE-IN, a
    /// DATERANGE's DURATION) or at its length so far.
    /// - Complexity: O(log n) expected.
    public mutating func closeBreak(id: String, duration: MediaDuration? = nil) throws(TimelineError) {
        guard let entry = tree.liveEntry(id: id) else { throw .unknownBreak(id) }
        if let duration, duration != entry.duration { try resize(entry, to: duration) }
        tree.update(id: id) { $0.adBreak.isOpen = false }
    }

    /// Replaces a break with a new version of it, same id and position: a
    /// placeholder resolved into its ads, or an in-stream break split into
    /// more ads by the stream's cues. An ad the break already had (the same
    /// id) keeps its state, so the ad playing goes on playing; new ads are
    /// available.
    /// - Complexity: O(log n) expected, plus the ads of the two versions.
    public mutating func replaceBreak(_ adBreak: AdBreak) throws(TimelineError) {
        guard let entry = tree.liveEntry(id: adBreak.id) else { throw .unknownBreak(adBreak.id) }
        try Self.validateAds(of: adBreak)
        let position = try contentPosition(checking: adBreak)
        guard position == entry.position else { throw .moved(adBreak.id) }
        var replacement = BreakTree.Entry(adBreak, position: position)
        replacement.isRemoved = entry.isRemoved
        for (index, ad) in adBreak.ads.enumerated() {
            if let earlier = entry.adBreak.ads.firstIndex(where: { $0.id == ad.id }) {
                replacement.adStates[index] = entry.adStates[earlier]
            }
        }
        try checkFits(replacement, replacing: entry)
        tree.update(id: adBreak.id) { $0 = replacement }
    }

    /// Ends a stream that had no end (a live stream whose playlist ended):
    /// its content now lasts until `end`.
    /// - Throws: ``TimelineError`` (outside the content) when a break lies after `end`.
    public mutating func endContent(at end: ContentTime) throws(TimelineError) {
        if let last = tree.last, last.position > end { throw .outsideContent(last.adBreak.id, at: last.position) }
        contentDuration = MediaDuration(ticks: end.ticks)
    }

    /// Drops every break that lies wholly before `windowStart` (content
    /// time: a live stream's earliest segment) and is not open, and the
    /// non-seekable ranges that ended before it. Watched breaks keep their
    /// state. Meant for live timelines, whose breaks replace content: a
    /// dropped break that added stream time would shift what follows.
    /// - Returns: the breaks dropped, in content order.
    /// - Complexity: O(k log n) for k breaks dropped.
    @discardableResult
    public mutating func dropBreaks(before windowStart: ContentTime) -> [AdBreak] {
        var dropped: [AdBreak] = []
        while let first = tree.firstOutline, first.position < windowStart, !first.isOpen, first.position + first.covered <= windowStart {
            let entry = tree.delete(slot: first.slot)
            let id = entry.adBreak.id
            if watchedIDs.remove(id) != nil { retiredWatched.append(id, at: first.position) }
            if !entry.isRemoved { dropped.append(entry.adBreak) }
        }
        nonSeekable.removeAll { $0.range.upperBound <= windowStart }
        return dropped
    }

    /// How many storage slots the timeline holds, in use or free for reuse:
    /// bounded by the most breaks it held at once.
    public var storageSlots: Int { tree.capacity }

    // MARK: Checks

    static func validateAds(of adBreak: AdBreak) throws(TimelineError) {
        if adBreak.isPlaceholder {
            guard adBreak.ads.isEmpty else { throw .placeholderWithAds(adBreak.id) }
            if let planned = adBreak.plannedDuration {
                guard planned >= .zero, planned <= maxStreamLength else { throw .tooLong(adBreak.id) }
            }
            return
        }
        // Only an interstitial with nothing to play that moves primary on (its resume offset) has no ads.
        guard !adBreak.ads.isEmpty || (adBreak.resumeOffset ?? .zero) > .zero else { throw .noAds(adBreak.id) }
        var adIDs: Set<String> = []
        var total: Int64 = 0
        for (index, ad) in adBreak.ads.enumerated() {
            guard ad.duration > .zero else { throw .nonPositiveAdDuration(adBreak.id, ad: ad.id) }
            // A break of a handful of ads is checked by a scan, a long one by hashing.
            let duplicate = adBreak.ads.count <= 16
                ? adBreak.ads[..<index].contains { $0.id == ad.id } : !adIDs.insert(ad.id).inserted
            guard !duplicate else { throw .duplicateAdID(adBreak.id, ad: ad.id) }
            // Checked one ad at a time so the sum itself cannot overflow.
            guard ad.duration <= maxStreamLength else { throw .tooLong(adBreak.id) }
            total += ad.duration.ticks
            guard total <= maxStreamLength.ticks else { throw .tooLong(adBreak.id) }
        }
    }

    private func contentPosition(checking adBreak: AdBreak) throws(TimelineError) -> ContentTime {
        switch adBreak.position {
        case .preroll:
            return .zero
        case .postroll:
            guard let contentDuration else { throw .postrollWithoutDuration(adBreak.id) }
            return ContentTime(ticks: contentDuration.ticks)
        case .midroll(let time):
            let beyondEnd = contentDuration.map { time.ticks > $0.ticks } ?? false
            guard time >= .zero, !beyondEnd, time.ticks <= Self.maxStreamLength.ticks else {
                throw .outsideContent(adBreak.id, at: time)
            }
            return time
        }
    }

    /// Checks that `entry` (taking the place of `old`) keeps the stream
    /// within its maximum length and, if it covers content, overlaps no
    /// other break. Of breaks at one position only the last may cover
    /// content: the next would play over what an earlier one covers.
    private func checkFits(_ entry: BreakTree.Entry, replacing old: BreakTree.Entry? = nil) throws(TimelineError) {
        let id = entry.adBreak.id
        let base = contentDuration?.ticks ?? entry.position.ticks
        let added = tree.totalAdded - (old?.addedTicks ?? 0) + entry.addedTicks
        guard entry.duration <= Self.maxStreamLength, base + added <= Self.maxStreamLength.ticks,
            entry.position.ticks + entry.duration.ticks <= Self.maxStreamLength.ticks
        else { throw .tooLong(id) }
        // Its own slot when it replaces itself: the others are told from it by slot, not by id.
        let own = old == nil ? nil : tree.slot(of: id)
        let before = tree.prefix(before: entry.position, inclusive: false).count
        if let previous = tree.liveOutline(at: before - 1), previous.slot != own, previous.position + previous.covered > entry.position {
            throw .overlaps(id, other: tree.id(ofSlot: previous.slot))
        }
        // The others at its position: those before it cover nothing; it covers nothing if one follows.
        let isNew = old == nil
        var rank = before
        var seenSelf = false
        while let other = tree.liveOutline(at: rank), other.position == entry.position {
            rank += 1
            if other.slot == own {
                seenSelf = true
                continue
            }
            let follows = seenSelf && !isNew
            if follows ? entry.covered > .zero : other.covered > .zero { throw .overlaps(id, other: tree.id(ofSlot: other.slot)) }
        }
        let atOrBefore = tree.prefix(before: entry.position, inclusive: true).count
        if let next = tree.liveOutline(at: atOrBefore), next.slot != own, entry.position + entry.covered > next.position {
            throw .overlaps(id, other: tree.id(ofSlot: next.slot))
        }
    }

    private mutating func resize(_ entry: BreakTree.Entry, to duration: MediaDuration) throws(TimelineError) {
        let id = entry.adBreak.id
        guard duration > .zero else { throw .nonPositiveAdDuration(id, ad: entry.adBreak.ads.last?.id ?? id) }
        var resized = entry.adBreak
        if resized.isPlaceholder {
            resized.plannedDuration = duration
        } else {
            let others = entry.duration - resized.ads[resized.ads.count - 1].duration
            guard duration > others else { throw .nonPositiveAdDuration(id, ad: resized.ads[resized.ads.count - 1].id) }
            resized.ads[resized.ads.count - 1].duration = duration - others
        }
        var replacement = entry
        replacement.adBreak = resized
        replacement.duration = duration
        try checkFits(replacement, replacing: entry)
        tree.update(id: id) { $0 = replacement }
    }
}
