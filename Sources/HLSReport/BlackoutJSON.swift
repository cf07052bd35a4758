public import AdSignals
import HLS
public import MediaTime
public import StrictJSON

/// A blackout's members in a JSON event line, the same in session events
/// (`blackoutStart`, `blackoutEnd`) and in `live watch`: id, eventID,
/// date, segmentationType, plannedEnd, restrictions, whether and why they
/// restrict the device, and the tags that signalled it.
public enum BlackoutJSON {
    /// Writes the members of `blackout` after its `id`, as seen at stream
    /// time `time` (`date`, unless the line already has one, is the date there).
    public static func write(_ blackout: Blackout, at time: StreamTime, date: Bool = true, to out: inout JSONOutput) {
        out.member("eventID", blackout.eventID)
        if date {
            out.key("date")
            if let date = blackout.date(at: time) { out.value(date.description) } else { out.null() }
        }
        out.member("segmentationType", blackout.openedBy.name)
        out.member("segmentationTypeID", blackout.openedBy.segmentationTypeID)
        out.key("plannedEnd")
        if let planned = blackout.plannedEnd { out.number(planned.decimalSeconds) } else { out.null() }
        write(blackout.restrictions, to: &out)
        write(blackout.verdict, to: &out)
        out.key("tags")
        out.openArray()
        for source in blackout.sources { out.value(source.tag) }
        out.closeArray()
    }

    /// `restrictions`: the flags, or null when delivery is not restricted.
    public static func write(_ restrictions: DeliveryRestrictions?, to out: inout JSONOutput) {
        out.key("restrictions")
        guard let restrictions else { return out.null() }
        out.openObject()
        out.member("webDeliveryAllowed", restrictions.webDeliveryAllowed)
        out.member("noRegionalBlackout", restrictions.noRegionalBlackout)
        out.member("archiveAllowed", restrictions.archiveAllowed)
        out.key("restrictedGroup")
        if let group = restrictions.restrictedGroup { out.value(UInt64(group)) } else { out.null() }
        out.closeObject()
    }

    /// `restricted` and `why`: the reasons, then the notes.
    public static func write(_ verdict: RestrictionVerdict, to out: inout JSONOutput) {
        out.member("restricted", verdict.isRestricted)
        out.key("why")
        out.openArray()
        for reason in verdict.reasons { out.value(reason.description) }
        for note in verdict.notes { out.value(note) }
        out.closeArray()
    }
}
