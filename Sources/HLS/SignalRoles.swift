internal import MediaTime
internal import SCTE35

/// What SCTE-35 cues and dialect tags mean for ad breaks and blackouts.
enum SignalRoles {
    /// Segmentation types that start a linear ad break (SCTE 35 Table 23):
    /// break, provider/distributor advertisement, placement opportunity, ad block.
    static let adStartTypes: SegmentationTypes = [0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46]
    /// Segmentation types that start one ad inside a break: Provider and
    /// Distributor Advertisement Start.
    static let adLevelStartTypes: SegmentationTypes = [0x30, 0x32]
    /// The matching end types.
    static let adEndTypes: SegmentationTypes = [0x23, 0x31, 0x33, 0x35, 0x37, 0x45, 0x47]
    /// Every type that marks where something ends: ad ends; programme end,
    /// early termination, breakaway, Program Blackout Override; Unscheduled
    /// Event End; Alternate Content Opportunity End; Network Start. (Which
    /// programme signals black a device out is `AdSignals`' to decide.)
    static let endTypes: SegmentationTypes = adEndTypes.union([0x11, 0x12, 0x13, 0x18, 0x41, 0x43, 0x50])

    /// Whether a DATERANGE carries an end signal, so that it applies where
    /// the range ends: SCTE35-IN (whether or not its bytes decode), an
    /// SCTE35-CMD whose cue ends something, or a repeat of an ad range's ID
    /// that states its end.
    static func marksEnd(_ range: borrowing DateRange.Values, isInterstitial: Bool, cue decoded: DecodedCue?, role: AdSignal.Role) -> Bool {
        if range.scte35In != nil { return true }
        if range.scte35Out != nil || isInterstitial { return false }
        if role == .end { return true }
        guard let segmentations = decoded?.segmentations, !segmentations.isEmpty else { return false }
        return segmentations.allSatisfy { endTypes.contains($0.typeID) }
    }

    static func role(of kind: AdSignal.Kind, cue decoded: DecodedCue?) -> AdSignal.Role {
        switch kind {
        case .cueOut: return .start
        case .cueOutContinued: return .continuation
        case .cueIn: return .end
        case .asset: return .other
        case .oatcls:
            // The tag marks a cue-out by convention; a cue that decodes and is
            // not about ads (a program start, say) is not one.
            guard let cue = decoded else { return .start }
            return cue.role ?? .other
        case .scte35(let tag):
            switch tag.cueOut {
            case "YES": return .start
            case "CONT": return .continuation
            default: break
            }
            if tag.cueIn { return .end }
            guard let role = decoded?.role else { return .other }
            if role == .start, let elapsed = tag.elapsed, elapsed.ticks > 0 { return .continuation }
            return role
        case .dateRange(let range):
            return role(of: range.values, isInterstitial: range.isInterstitial, cue: decoded)
        }
    }

    static func role(of range: borrowing DateRange.Values, isInterstitial: Bool, cue decoded: DecodedCue?) -> AdSignal.Role {
        if isInterstitial { return .start }
        // SCTE35-OUT/IN say which end of the range the cue marks; the cue
        // itself says whether the range is an ad break at all (a program or
        // chapter start is not).
        let cue = decoded?.role
        if decoded != nil, cue == nil { return .other }
        if range.scte35Out != nil { return .start }
        if range.scte35In != nil { return .end }
        return cue ?? .other
    }

    /// The role of a range that repeats an ad range's ID with no SCTE-35 of
    /// its own: it ends the break when it states the length, else it
    /// continues it.
    static func role(ofFollowUpLasting length: MediaDuration?) -> AdSignal.Role {
        length != nil ? .end : .continuation
    }

    /// What a decoded cue states for breaks and blackouts, read in one walk
    /// over its command and descriptors.
    struct CueFacts {
        /// The ad role: the first segmentation descriptor of an ad start or
        /// end type, else a splice_insert's out_of_network_indicator.
        var role: AdSignal.Role?
        /// The break duration: the first ad start descriptor's
        /// segmentation_duration, else a splice_insert's break_duration.
        var plannedDuration: MediaDuration?
        /// splice_event_id and segmentation_event_ids, in order.
        var eventIDs = EventIDs()
        /// The segmentation descriptors that are not cancelled.
        var segmentations: [DecodedCue.Segmentation] = []

        init(_ section: SpliceInfoSection) {
            guard case .clear(let command, let descriptors, _) = section.payload else { return }
            var insert: SpliceInsert?
            if case .spliceInsert(let found) = command {
                insert = found
                eventIDs.append(found.spliceEventID)
            }
            for descriptor in descriptors {
                guard case .segmentation(let segmentation) = descriptor else { continue }
                eventIDs.append(segmentation.segmentationEventID)
                guard let details = segmentation.segmentation else { continue }
                let type = details.segmentationTypeID
                segmentations.append(DecodedCue.Segmentation(
                    typeID: type, eventID: segmentation.segmentationEventID,
                    regionalBlackout: details.deliveryRestrictions.map { !$0.noRegionalBlackout } ?? false))
                if role == nil {
                    if adStartTypes.contains(type) { role = .start } else if adEndTypes.contains(type) { role = .end }
                }
                if plannedDuration == nil, adStartTypes.contains(type), let duration = details.segmentationDuration {
                    plannedDuration = MediaDuration(ticks: duration.mediaTicks)
                }
            }
            if role == nil, let splice = insert?.splice { role = splice.outOfNetwork ? .start : .end }
            if plannedDuration == nil, let duration = insert?.splice?.breakDuration?.duration {
                plannedDuration = MediaDuration(ticks: duration.mediaTicks)
            }
        }
    }
}

/// A set of segmentation_type_ids, as 256 bits: a lookup is a shift and a
/// mask, where a `Set<UInt8>` hashed each type.
struct SegmentationTypes: Sendable, ExpressibleByArrayLiteral {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(arrayLiteral types: UInt8...) {
        for type in types { insert(type) }
    }

    func contains(_ type: UInt8) -> Bool {
        let word = switch type >> 6 {
        case 0: bits.0
        case 1: bits.1
        case 2: bits.2
        default: bits.3
        }
        return word >> UInt64(type & 63) & 1 == 1
    }

    func union(_ other: SegmentationTypes) -> SegmentationTypes {
        var union = self
        union.bits = (bits.0 | other.bits.0, bits.1 | other.bits.1, bits.2 | other.bits.2, bits.3 | other.bits.3)
        return union
    }

    private mutating func insert(_ type: UInt8) {
        let bit = UInt64(1) << UInt64(type & 63)
        switch type >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }
}

/// A cue's splice_event_id and segmentation_event_ids, in order. Most cues
/// name one, which is kept inline: a decode allocates no array for it.
struct EventIDs: Sequence, Sendable {
    private var first: UInt32?
    private var rest: [UInt32] = []

    mutating func append(_ id: UInt32) {
        if first == nil { first = id } else { rest.append(id) }
    }

    func makeIterator() -> Iterator { Iterator(ids: self) }

    struct Iterator: IteratorProtocol {
        let ids: EventIDs
        /// -1 for the first ID, then the index in `rest`.
        var position = -1

        mutating func next() -> UInt32? {
            defer { position += 1 }
            // With no first ID there are none.
            if position < 0 { return ids.first }
            return position < ids.rest.count ? ids.rest[position] : nil
        }
    }
}
