public import MediaTime

/// Who a beacon is: what it reports, once. Two beacons with the same
/// identity are the same beacon, so an outbox that has one never takes the
/// other: the identity is what makes a replay or a restart fire nothing
/// twice.
public struct BeaconID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The viewing session it belongs to.
    public var session: String
    /// The break.
    public var breakID: String
    /// The ad.
    public var adID: String
    /// The tracking event (`impression`, `firstQuartile`, `progress`, …).
    public var tracking: String
    /// Which play of the ad in its session, from 1: it advances only when
    /// the policy plays the ad again (repeat `alwaysPlay`, interrupt
    /// `restart`).
    public var occurrence: Int
    /// Which firing of a repeatable event (`pause`, `resume`, `mute`, an
    /// error report) within the occurrence, from 1.
    public var instance: Int
    /// Which of the ad's URLs: its index in the ad's tracking list (for an
    /// error report, in the report's URLs).
    public var slot: Int

    /// Creates an identity.
    public init(session: String, breakID: String, adID: String, tracking: String, occurrence: Int, instance: Int = 1, slot: Int) {
        self.session = session
        self.breakID = breakID
        self.adID = adID
        self.tracking = tracking
        self.occurrence = occurrence
        self.instance = instance
        self.slot = slot
    }

    /// `session/break/ad/tracking#occurrence.instance@slot`.
    public var description: String { "\(session)/\(breakID)/\(adID)/\(tracking)#\(occurrence).\(instance)@\(slot)" }
}

/// A beacon due now: its identity, its URL as given, and the macro values
/// known where it fired. The outbox adds `[TIMESTAMP]` and
/// `[CACHEBUSTING]` as it takes it, then fills the URL.
public struct Beacon: Sendable, Hashable {
    /// Its identity.
    public var id: BeaconID
    /// The URL as the ad gives it, macros unexpanded.
    public var template: String
    /// Macro values by name (`ADPLAYHEAD`, `ERRORCODE`, …), unencoded.
    public var macros: [String: String]
    /// The wall clock's reading when it fired.
    public var clock: ClockTime
    /// The ad's playhead when it fired; `nil` for an error report.
    public var adPlayhead: MediaDuration?
    /// The global index of the session event it follows (the events a
    /// tracker was shown, counted from 0); -1 before any.
    public var afterEvent: Int

    /// Creates a beacon.
    public init(
        id: BeaconID, template: String, macros: [String: String], clock: ClockTime, adPlayhead: MediaDuration?, afterEvent: Int = -1
    ) {
        self.id = id
        self.template = template
        self.macros = macros
        self.clock = clock
        self.adPlayhead = adPlayhead
        self.afterEvent = afterEvent
    }
}
