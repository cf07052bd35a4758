public import MediaTime

extension Array {
    /// Whether the elements are in the order `areInOrder` says.
    func isSorted(by areInOrder: (Element, Element) -> Bool) -> Bool {
        indices.dropFirst().allSatisfy { !areInOrder(self[$0], self[$0 - 1]) }
    }
}

/// What the tracking data says so far, merged poll after poll by key
/// (avail id, ad id, event type): live answers arrive incomplete (ads or
/// events missing, durations 0) and later ones fill them in. Nothing merged
/// is dropped by a later, thinner answer: a missing ad or event stays, a 0
/// duration keeps the known one, beacon URLs accumulate. Only an avail the
/// server stops listing while it still lies inside the window is removed,
/// and one that left the window is forgotten.
///
/// ```swift
/// var ledger = TrackingLedger()
/// let changes = ledger.merge(pages, windowStart: playlistWindowStart)
/// ```
public struct TrackingLedger: Sendable, Hashable {
    /// Linear avails by id.
    public private(set) var avails: [String: TrackedAvail] = [:]
    /// Avails of overlays only, by id.
    public private(set) var nonLinearAvails: [String: TrackedAvail] = [:]
    /// Each linear avail as the server last listed it, where that differs
    /// from what is known (a thinner answer): the same answer again changes
    /// nothing, and is known at the cost of a comparison.
    private var lastListed: [String: TrackedAvail] = [:]

    /// Creates an empty ledger.
    public init() {}

    /// The linear avails in stream order.
    public var orderedAvails: [TrackedAvail] { avails.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }

    /// Merges one poll (all its pages, in order).
    /// - Parameter pages: the poll's pages, as read.
    /// - Parameter windowStart: where the stream's window starts now: a known
    ///   avail the poll leaves out is withdrawn when it starts at or after
    ///   it, and forgotten when it ended before it. `nil` (VOD): nothing
    ///   left out is withdrawn.
    /// - Returns: the changes, avails in stream order, each avail's ads after it.
    /// - Complexity: O(n log n) in the avails of the poll, plus their ads and events.
    public mutating func merge(_ pages: [TrackingResponse], windowStart: StreamTime?) -> [TrackingChange] {
        var changes: [TrackingChange] = []
        var seen: Set<String> = []
        var incoming: [TrackedAvail] = []
        for page in pages {
            incoming += page.avails.filter(\.isLinear)
            for avail in page.nonLinearAvails + page.avails.filter({ !$0.isLinear }) {
                let merged = nonLinearAvails[avail.id].map { Self.merged($0, avail) } ?? avail
                if nonLinearAvails[avail.id] != merged { changes.append(.nonLinearAvail(merged)) }
                nonLinearAvails[avail.id] = merged
            }
        }
        incoming.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        for avail in incoming {
            seen.insert(avail.id)
            guard let known = avails[avail.id] else {
                var first = avail
                if !first.ads.isSorted(by: Self.adOrder) { first.ads.sort(by: Self.adOrder) }
                avails[avail.id] = first
                changes.append(.availStart(first))
                changes += first.ads.map { .adStart(availID: first.id, $0) }
                continue
            }
            // The same answer as last time changes nothing: known at the cost
            // of a comparison (with what is known, when the two are the same).
            if let listed = lastListed[avail.id] ?? Optional(known), listed == avail { continue }
            let merged = Self.merged(known, avail)
            lastListed[avail.id] = merged == avail ? nil : avail
            guard merged != known else { continue }
            avails[avail.id] = merged
            changes.append(.availUpdate(merged))
            for ad in merged.ads {
                if let before = known.ads.first(where: { $0.id == ad.id }) {
                    if before != ad { changes.append(.adUpdate(availID: merged.id, ad)) }
                } else {
                    changes.append(.adStart(availID: merged.id, ad))
                }
            }
        }
        if let windowStart { changes += leaveOut(notIn: seen, windowStart: windowStart) }
        return changes
    }

    /// Withdraws the avails not listed that lie in the window; forgets
    /// those that ended before it.
    private mutating func leaveOut(notIn seen: Set<String>, windowStart: StreamTime) -> [TrackingChange] {
        var removed: [TrackedAvail] = []
        for avail in avails.values where !seen.contains(avail.id) {
            if avail.start >= windowStart {
                removed.append(avail)
                avails[avail.id] = nil
                lastListed[avail.id] = nil
            } else if avail.end < windowStart {
                avails[avail.id] = nil
                lastListed[avail.id] = nil
            }
        }
        for avail in nonLinearAvails.values where avail.end < windowStart { nonLinearAvails[avail.id] = nil }
        return removed.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map(TrackingChange.availRemoved)
    }

    /// `known` with what `later` says added: later values win where they
    /// say something, and nothing known is lost.
    static func merged(_ known: TrackedAvail, _ later: TrackedAvail) -> TrackedAvail {
        var avail = known
        avail.start = later.start
        if later.duration > .zero { avail.duration = later.duration }
        avail.programDateTime = later.programDateTime ?? known.programDateTime
        avail.markerDuration = later.markerDuration ?? known.markerDuration
        for ad in later.ads {
            if let index = avail.ads.firstIndex(where: { $0.id == ad.id }) {
                avail.ads[index] = merged(avail.ads[index], ad)
            } else {
                avail.ads.append(ad)
            }
        }
        if !avail.ads.isSorted(by: adOrder) { avail.ads.sort(by: adOrder) }
        if !later.nonLinearAds.isEmpty { avail.nonLinearAds = later.nonLinearAds }
        avail.breakEvents = merged(known.breakEvents, later.breakEvents)
        return avail
    }

    static func merged(_ known: TrackedAd, _ later: TrackedAd) -> TrackedAd {
        var ad = known
        ad.start = later.start
        if later.duration > .zero { ad.duration = later.duration }
        ad.programDateTime = later.programDateTime ?? known.programDateTime
        ad.title = later.title ?? known.title
        ad.system = later.system ?? known.system
        ad.creativeID = later.creativeID ?? known.creativeID
        ad.creativeSequence = later.creativeSequence ?? known.creativeSequence
        ad.vastAdID = later.vastAdID ?? known.vastAdID
        ad.skipOffset = later.skipOffset ?? known.skipOffset
        ad.clickThrough = later.clickThrough ?? known.clickThrough
        ad.events = merged(known.events, later.events)
        if !later.companions.isEmpty { ad.companions = later.companions }
        if !later.verifications.isEmpty { ad.verifications = later.verifications }
        return ad
    }

    /// Events merged by key (type, event id, and which of that key it is):
    /// a later event adds its URLs and its time to the known one.
    static func merged(_ known: [TrackedEvent], _ later: [TrackedEvent]) -> [TrackedEvent] {
        guard known != later, !later.isEmpty else { return known }
        guard !known.isEmpty else { return later }
        var events = known
        var positions: [EventKey: [Int]] = [:]
        for (index, event) in known.enumerated() { positions[EventKey(type: event.type, eventID: event.eventID), default: []].append(index) }
        var occurrences: [EventKey: Int] = [:]
        for event in later {
            let key = EventKey(type: event.type, eventID: event.eventID)
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            guard let matches = positions[key], occurrence < matches.count else {
                events.append(event)
                continue
            }
            let index = matches[occurrence]
            for url in event.beaconURLs where !events[index].beaconURLs.contains(url) { events[index].beaconURLs.append(url) }
            events[index].start = event.start ?? events[index].start
        }
        return events
    }

    static func adOrder(_ a: TrackedAd, _ b: TrackedAd) -> Bool { (a.start, a.id) < (b.start, b.id) }

    private struct EventKey: Hashable {
        var type: String
        var eventID: String?
    }
}
