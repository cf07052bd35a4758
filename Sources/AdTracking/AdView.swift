import AdTimeline
import MediaTime

/// One play of one ad: what has played of it, and which of its beacons
/// fired. It lives from the ad's start to its end, skip or interruption.
struct AdView: Sendable {
    var breakID: String
    var breakPosition: BreakPosition
    var adIndex: Int
    var ad: Ad
    var occurrence: Int
    /// Time played continuously at 1x; seeks add nothing.
    var played: MediaDuration = .zero
    /// The ad's playhead as last seen; `nil` until the next sample sets it
    /// without counting (the ad was entered by a jump).
    var offset: MediaDuration?
    /// The tracking slots fired (indexes into the ad's tracking).
    var fired: Set<Int> = []
    /// How often each repeatable event fired.
    var instances: [String: Int] = [:]
    /// The session skipped the ad in this input; the skip fires at the
    /// input's end unless the same ad starts again (a seek inside it).
    var skipPending = false

    /// The moments of the ad's tracking, by slot.
    let moments: [TrackingMoment]

    init(breakID: String, breakPosition: BreakPosition, adIndex: Int, ad: Ad, occurrence: Int) {
        self.breakID = breakID
        self.breakPosition = breakPosition
        self.adIndex = adIndex
        self.ad = ad
        self.occurrence = occurrence
        moments = ad.tracking.map(TrackingMoment.init(of:))
    }

    /// The slots of `moment` not yet fired, marking them fired.
    mutating func take(_ moment: TrackingMoment) -> [Int] {
        take { $0 == moment }
    }

    /// The slots whose moment matches, not yet fired, marking them fired.
    mutating func take(where matches: (TrackingMoment) -> Bool) -> [Int] {
        var slots: [Int] = []
        for (slot, moment) in moments.enumerated() where matches(moment) && !fired.contains(slot) {
            fired.insert(slot)
            slots.append(slot)
        }
        return slots
    }

    /// The slots of the event named `name` (a reported one), and its
    /// instance: repeatable events fire each time.
    mutating func report(_ name: String) -> (slots: [Int], instance: Int) {
        let slots = ad.tracking.indices.filter { ad.tracking[$0].event == name && moments[$0] == .reported }
        guard !slots.isEmpty else { return ([], 0) }
        let instance = instances[name, default: 0] + 1
        instances[name] = instance
        return (slots, instance)
    }

    /// Plays from the last offset to `offset` at 1x: the slots whose moment
    /// that passes, each with the ad playhead where it fell, in time order.
    mutating func play(to newOffset: MediaDuration) -> [(slot: Int, at: MediaDuration)] {
        guard let start = offset, newOffset > start else {
            offset = offset ?? newOffset
            return []
        }
        let before = played
        played += newOffset - start
        offset = newOffset
        var due: [(slot: Int, at: MediaDuration)] = []
        for (slot, moment) in moments.enumerated() where !fired.contains(slot) {
            switch moment {
            case .played(let quarters):
                let threshold = quarterMark(quarters)
                if played >= threshold { due.append((slot, start + max(.zero, threshold - before))) }
            case .offset(let time):
                if time > start, time <= newOffset { due.append((slot, time)) }
            case .adStart, .adEnd, .reported:
                continue
            }
        }
        due.sort { ($0.at, $0.slot) < ($1.at, $1.slot) }
        for item in due { fired.insert(item.slot) }
        return due
    }

    /// How much more play until the next quartile or timed event; `nil`
    /// when none is left.
    func timeToNextMoment() -> MediaDuration? {
        guard let offset else { return nil }
        var nearest: MediaDuration?
        for (slot, moment) in moments.enumerated() where !fired.contains(slot) {
            let wait: MediaDuration? =
                switch moment {
                case .played(let quarters): quarterMark(quarters) - played
                case .offset(let time): time > offset ? time - offset : nil
                case .adStart, .adEnd, .reported: nil
                }
            if let wait, wait > .zero, wait < ad.duration - offset { nearest = min(nearest ?? wait, wait) }
        }
        return nearest
    }

    /// `quarters` quarters of the ad, exactly (rounded up to the tick).
    func quarterMark(_ quarters: Int) -> MediaDuration {
        let product = ad.duration.ticks * Int64(quarters)
        return MediaDuration(ticks: (product + 3) / 4)
    }
}
