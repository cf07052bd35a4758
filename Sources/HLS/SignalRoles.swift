internal import MediaTime
internal import SCTE35

/// What SCTE-35 cues and dialect tags mean for ad breaks and blackouts.
enum SignalRoles {
    /// Segmentation types that start a linear ad break (SCTE 35 Table 23):
    /// break, provider/distributor advertisement, placement opportunity, ad block.
    static let adStartTypes: Set<UInt8> = [0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46]
    /// Segmentation types that start one ad inside a break: Provider and
    /// Distributor Advertisement Start.
    static let adLevelStartTypes: Set<UInt8> = [0x30, 0x32]
    /// The matching end types.
    static let adEndTypes: Set<UInt8> = [0x23, 0x31, 0x33, 0x35, 0x37, 0x45, 0x47]
    /// Every type that marks where something ends: ad ends; programme end,
    /// early termination, breakaway, Program Blackout Override; Unscheduled
    /// Event End; Alternate Content Opportunity End; Network Start. (Which
    /// programme signals black a device out is `AdSignals`' to decide.)
    static let endTypes: Set<UInt8> = adEndTypes.union([0x11, 0x12, 0x13, 0x18, 0x41, 0x43, 0x50])

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

    /// The ad role a decoded cue states, if it states one.
    static func cueRole(_ section: SpliceInfoSection) -> AdSignal.Role? {
        for descriptor in section.descriptors {
            guard case .segmentation(let segmentation) = descriptor, let details = segmentation.segmentation else { continue }
            if adStartTypes.contains(details.segmentationTypeID) { return .start }
            if adEndTypes.contains(details.segmentationTypeID) { return .end }
        }
        if case .spliceInsert(let insert) = section.command, let splice = insert.splice {
            return splice.outOfNetwork ? .start : .end
        }
        return nil
    }

    /// The break duration a decoded cue states.
    static func plannedDuration(_ section: SpliceInfoSection) -> MediaDuration? {
        for descriptor in section.descriptors {
            guard case .segmentation(let segmentation) = descriptor, let details = segmentation.segmentation,
                  adStartTypes.contains(details.segmentationTypeID), let duration = details.segmentationDuration
            else { continue }
            return MediaDuration(ticks: duration.mediaTicks)
        }
        if case .spliceInsert(let insert) = section.command, let duration = insert.splice?.breakDuration?.duration {
            return MediaDuration(ticks: duration.mediaTicks)
        }
        return nil
    }

    /// The event ids a decoded cue names (splice_event_id, segmentation_event_id).
    static func eventIDs(_ section: SpliceInfoSection) -> [UInt32] {
        var ids: [UInt32] = []
        if case .spliceInsert(let insert) = section.command { ids.append(insert.spliceEventID) }
        for descriptor in section.descriptors {
            if case .segmentation(let segmentation) = descriptor { ids.append(segmentation.segmentationEventID) }
        }
        return ids
    }
}
