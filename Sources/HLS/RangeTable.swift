internal import MediaTime

/// The ad date ranges' IDs, each held once, with what the parser and the
/// opportunity builder ask of them.
///
/// The parser notes an ad range as it reads the tag: whether its ID was seen
/// before, and the START-DATE it was first seen with (a later tag of the ID
/// may leave it out). The builder, fed the signals at the end, finds the
/// same entry and keeps there which opportunity the ID marked, or that the
/// opportunity was forgotten (an expired range repeated must not start it
/// again). One table, so an ID costs one entry and one hash per tag.
///
/// Bounded over a day-long live stream: IDs the parser saw, beyond the
/// latest ``kept``, are no longer known to it, and forgotten opportunities'
/// IDs, beyond the latest ``kept``, are dropped. The table sweeps them out
/// every ``kept`` new IDs, so it holds at most twice that of each, plus the
/// IDs of the opportunities the builder still keeps.
struct RangeTable: Sendable, Hashable {
    /// An ID's entry.
    struct Entry: Sendable, Hashable {
        /// The START-DATE the parser first saw the range with.
        var start: ProgramDateTime?
        /// When the parser first saw the ID as an ad range (its count of
        /// such IDs then), or nil when it has not (or no longer knows it).
        var seenAt: Int?
        /// The opportunity the ID marked: its index, or ``forgotten``.
        var slot: Int?
        /// When the opportunity was forgotten (the count of forgotten IDs then).
        var forgottenAt = 0
    }

    /// The slot of an ID whose opportunity was forgotten.
    static let forgotten = -1
    /// How many IDs of each kind are kept at least.
    static let kept = 1_024

    private var entries: [RangeID: Entry] = [:]
    private var seenCount = 0
    private var forgottenCount = 0
    /// The counts at the last sweep.
    private var sweptSeen = 0
    private var sweptForgotten = 0

    /// How many IDs it holds.
    var count: Int { entries.count }

    // MARK: - The parser's questions

    /// Notes an ad range as the parser reads it, with one lookup of its ID:
    /// whether the ID was known, and the START-DATE it was first seen with
    /// (this one, for a new ID or one first seen without).
    mutating func noteAdRange(_ id: RangeID, startDate: ProgramDateTime?) -> (known: Bool, startDate: ProgramDateTime?) {
        if entries.isEmpty { entries.reserveCapacity(64) }
        let noted = Self.note(&entries[id, default: Entry()], startDate, seenCount + 1)
        if !noted.known {
            seenCount += 1
            sweepIfDue()
        }
        return noted
    }

    private static func note(_ entry: inout Entry, _ startDate: ProgramDateTime?, _ stamp: Int) -> (known: Bool, startDate: ProgramDateTime?) {
        let known = entry.seenAt != nil
        if !known { entry.seenAt = stamp }
        if entry.start == nil { entry.start = startDate }
        return (known, entry.start)
    }

    /// Whether the parser saw `id` as an ad range.
    func isAdRange(_ id: RangeID) -> Bool { entries[id]?.seenAt != nil }

    /// The START-DATE the ad range `id` was first seen with, when it had one.
    func startDate(of id: RangeID) -> ProgramDateTime? {
        guard let entry = entries[id], entry.seenAt != nil else { return nil }
        return entry.start
    }

    // MARK: - The builder's questions

    /// An ID looked up once for a signal: where its entry is, and the
    /// opportunity it marked. Valid until the table changes otherwise.
    struct Lookup {
        let id: RangeID
        fileprivate let position: Dictionary<RangeID, Entry>.Index?
        /// The opportunity the ID marked, ``RangeTable/forgotten``, or nil.
        let slot: Int?
    }

    func lookUp(_ id: RangeID) -> Lookup {
        let position = entries.index(forKey: id)
        return Lookup(id: id, position: position, slot: position.flatMap { entries.values[$0].slot })
    }

    /// Notes that the looked-up ID marked the opportunity at `index`; an ID
    /// that marked a later one keeps that one.
    mutating func mark(_ lookup: Lookup, as index: Int) {
        guard let position = lookup.position else {
            entries[lookup.id] = Entry(slot: index)
            return
        }
        if let earlier = entries.values[position].slot, earlier > index { return }
        entries.values[position].slot = index
    }

    /// The first `count` opportunities go: their IDs are forgotten, and the
    /// others' indices move down by `count`.
    mutating func forgetOpportunities(below count: Int) {
        renumber { $0 >= count ? $0 - count : Self.forgotten }
    }

    /// Moves every marked index through `newIndex`; an index it maps to
    /// ``forgotten`` is a forgotten opportunity.
    mutating func renumber(_ newIndex: (Int) -> Int) {
        for position in entries.indices {
            guard let slot = entries.values[position].slot, slot >= 0 else { continue }
            let moved = newIndex(slot)
            entries.values[position].slot = moved
            if moved == Self.forgotten {
                forgottenCount += 1
                entries.values[position].forgottenAt = forgottenCount
            }
        }
        sweepIfDue()
    }

    // MARK: - Bounds

    /// Every ``kept`` new IDs, drops what is no longer kept.
    private mutating func sweepIfDue() {
        guard seenCount - sweptSeen >= Self.kept || forgottenCount - sweptForgotten >= Self.kept else { return }
        sweptSeen = seenCount
        sweptForgotten = forgottenCount
        let oldestSeen = seenCount - Self.kept
        let oldestForgotten = forgottenCount - Self.kept
        // Into a table as roomy as this one: the IDs that follow refill it,
        // and one rebuilt from empty grew again, rehashing, at every sweep.
        var kept = [RangeID: Entry](minimumCapacity: entries.capacity)
        for (id, var entry) in entries {
            if let seenAt = entry.seenAt, seenAt <= oldestSeen {
                entry.seenAt = nil
                entry.start = nil
            }
            if entry.slot == Self.forgotten, entry.forgottenAt <= oldestForgotten { entry.slot = nil }
            if entry.seenAt != nil || entry.slot != nil { kept[id] = entry }
        }
        entries = kept
    }
}
