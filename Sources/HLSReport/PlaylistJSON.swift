public import AdSignals
public import HLS
internal import MediaTime
internal import SCTE35
internal import SCTE35Text
public import StrictJSON

/// The JSON form of a parsed playlist (`adplay hls inspect --json`).
///
/// A media playlist: `kind`, `duration`, `segments`, `opportunities`,
/// `blackouts`, `timedMetadata` (subscribed tags and other date ranges:
/// `name`, `value`, `line`, `stream`, `mediaSequence`), `preloadRanges` (``InterstitialReport``),
/// `warnings`; an interstitial opportunity has an `interstitial` member
/// (``InterstitialReport``). A multivariant playlist: `kind`, `duration` (0),
/// `variants`, `media`, `warnings`. Times are exact decimal seconds; SCTE-35
/// cues are in the form `adplay scte35 decode --json` prints.
public enum PlaylistJSON {
    /// The playlist as one JSON document, with a trailing line feed; its
    /// blackouts are those of `device`.
    public static func string(_ playlist: Playlist, device: DevicePolicy = DevicePolicy()) -> String {
        var output = JSONOutput()
        output.bytes.reserveCapacity(4_096)
        switch playlist {
        case .media(let media): write(media, device: device, to: &output)
        case .master(let master): write(master, to: &output)
        }
        output.endLine()
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Writes a media playlist, with the blackouts of `device`.
    public static func write(_ playlist: MediaPlaylist, device: DevicePolicy = DevicePolicy(), to output: inout JSONOutput) {
        output.openObject()
        output.key("kind")
        output.plain("media")
        output.key("duration")
        output.number(playlist.duration.decimalSeconds)
        output.member("mediaSequence", playlist.mediaSequence)
        output.member("endList", playlist.endList)
        output.key("segments")
        output.openArray()
        for segment in playlist.segments {
            output.openObject()
            output.member("uri", playlist.uri(of: segment))
            output.key("duration")
            output.number(segment.duration.decimalSeconds)
            output.key("start")
            output.number(segment.start.decimalSeconds)
            output.member("mediaSequence", segment.mediaSequence)
            output.key("programDateTime")
            if let date = segment.programDateTime { output.value(date.description) } else { output.null() }
            output.member("discontinuity", segment.discontinuity)
            output.closeObject()
        }
        output.closeArray()
        output.key("opportunities")
        output.openArray()
        for opportunity in playlist.opportunities { write(opportunity, to: &output) }
        output.closeArray()
        writeBlackouts(DeviceBlackouts(playlist, device: device), to: &output)
        output.key("timedMetadata")
        output.openArray()
        for item in playlist.metadata {
            output.openObject()
            output.member("name", item.name)
            output.key("value")
            if let value = item.value { output.value(value) } else { output.null() }
            output.member("line", item.line)
            output.key("stream")
            output.number(item.time.decimalSeconds)
            output.member("mediaSequence", item.mediaSequence)
            output.closeObject()
        }
        output.closeArray()
        InterstitialReport.writePreloads(playlist.preloadRanges, to: &output)
        writeWarnings(playlist.warnings, to: &output)
        output.closeObject()
    }

    static func write(_ opportunity: PlacementOpportunity, to output: inout JSONOutput) {
        output.openObject()
        output.member("id", opportunity.id)
        output.key("kind")
        if case .interstitial = opportunity.kind { output.plain("interstitial") } else { output.plain("splice") }
        output.key("start")
        output.number(opportunity.start.decimalSeconds)
        output.key("duration")
        if let duration = opportunity.duration { output.number(duration.decimalSeconds) } else { output.null() }
        output.key("plannedDuration")
        if let planned = opportunity.plannedDuration { output.number(planned.decimalSeconds) } else { output.null() }
        output.member("open", opportunity.isOpen)
        output.key("programDateTime")
        if let date = opportunity.programDateTime { output.value(date.description) } else { output.null() }
        output.member("mediaSequence", opportunity.mediaSequence)
        output.member("joinedInProgress", opportunity.joinedInProgress)
        output.member("startIsLatestPossible", opportunity.startIsLatestPossible)
        output.key("source")
        output.openArray()
        for tag in opportunity.sources { output.value(tag) }
        output.closeArray()
        output.key("scte35")
        if let cue = opportunity.scte35 { SpliceInfoJSON.write(cue, to: &output) } else { output.null() }
        if case .interstitial(let interstitial) = opportunity.kind {
            output.key("interstitial")
            InterstitialReport.write(interstitial, to: &output)
        }
        output.closeObject()
    }

    /// `blackouts` (each with `id`, `start`, `end`, `endDate`, then as ``BlackoutJSON``
    /// writes it) and `programSignals`, the signals that black out nothing, with `why`.
    static func writeBlackouts(_ decided: DeviceBlackouts, to output: inout JSONOutput) {
        output.key("blackouts")
        output.openArray()
        for blackout in decided.blackouts {
            output.openObject()
            output.member("id", blackout.id)
            output.key("start")
            output.number(blackout.start.decimalSeconds)
            output.key("end")
            if let end = blackout.end { output.number(end.decimalSeconds) } else { output.null() }
            output.key("endDate")
            if let date = blackout.endDate { output.value(date.description) } else { output.null() }
            BlackoutJSON.write(blackout, at: blackout.start, to: &output)
            output.closeObject()
        }
        output.closeArray()
        output.key("programSignals")
        output.openArray()
        for change in decided.unrestricting {
            let signal: ProgramSignal
            let why: [String]
            switch change {
            case .notRestricted(let notRestricting, let verdict): (signal, why) = (notRestricting, verdict.notes)
            case .ignored(let ignored, let reason): (signal, why) = (ignored, [reason])
            case .started, .updated, .ended: continue
            }
            output.openObject()
            output.member("segmentationType", signal.kind.name)
            output.member("segmentationTypeID", signal.kind.segmentationTypeID)
            output.member("eventID", signal.eventID)
            output.key("stream")
            output.number(signal.time.decimalSeconds)
            BlackoutJSON.write(signal.restrictions, to: &output)
            output.member("tag", signal.source.tag)
            output.key("line")
            if let line = signal.source.line { output.value(UInt64(line)) } else { output.null() }
            output.member("ignored", { if case .ignored = change { true } else { false } }())
            output.key("why")
            output.openArray()
            for reason in why { output.value(reason) }
            output.closeArray()
            output.closeObject()
        }
        output.closeArray()
    }

    private static func writeSources(_ sources: [SignalSource], to output: inout JSONOutput) {
        output.openArray()
        for source in sources {
            output.openObject()
            output.member("tag", source.tag)
            output.member("line", source.line)
            output.key("time")
            output.number(source.time.decimalSeconds)
            output.closeObject()
        }
        output.closeArray()
    }

    static func writeWarnings(_ warnings: [HLSWarning], to output: inout JSONOutput) {
        output.key("warnings")
        output.openArray()
        for warning in warnings {
            output.openObject()
            output.member("line", warning.line)
            output.key("tag")
            if let tag = warning.tag { output.value(tag) } else { output.null() }
            if let attribute = warning.attribute { output.member("attribute", attribute) }
            output.member("message", warning.text)
            output.closeObject()
        }
        output.closeArray()
    }
}
