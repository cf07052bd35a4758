internal import MediaTime
internal import SCTE35

/// A decoded SCTE-35 cue shared by every signal that carries it, with what
/// the opportunity and blackout builders ask of it worked out once.
///
/// Live playlists repeat one cue on every segment of a break and in several
/// dialects; holding it by reference makes copying a signal one retain, and
/// the role, planned duration and event ids are not re-derived per signal.
final class DecodedCue: Sendable, Hashable {
    /// One segmentation descriptor, as blackout windows need it.
    struct Segmentation: Sendable {
        var typeID: UInt8
        var eventID: UInt32
        /// Delivery is restricted with `no_regional_blackout_flag` clear.
        var regionalBlackout: Bool
    }

    let info: DecodedSpliceInfo
    /// The ad role the cue states, if it states one.
    let role: AdSignal.Role?
    /// The break duration the cue states.
    let plannedDuration: MediaDuration?
    /// splice_event_id and segmentation_event_ids, in order.
    let eventIDs: EventIDs
    /// The segmentation descriptors that are not cancelled.
    let segmentations: [Segmentation]

    init(_ info: DecodedSpliceInfo) {
        self.info = info
        let facts = SignalRoles.CueFacts(info.section)
        role = facts.role
        plannedDuration = facts.plannedDuration
        eventIDs = facts.eventIDs
        segmentations = facts.segmentations
    }

    static func == (lhs: DecodedCue, rhs: DecodedCue) -> Bool { lhs === rhs || lhs.info == rhs.info }
    func hash(into hasher: inout Hasher) { hasher.combine(info) }
}
