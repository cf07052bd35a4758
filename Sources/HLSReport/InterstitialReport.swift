public import HLS
internal import MediaTime
internal import StrictJSON

/// How `adplay hls inspect` shows an interstitial: where it plays, for how
/// long, where primary playback resumes, what the viewer may not do, and
/// the rest of its attributes where they differ from the defaults.
public enum InterstitialReport {
    /// One line: `pre-roll, duration 5 s, resume offset 0 s (inserted), playout limit 5 s, restrict JUMP, cue PRE,ONCE, asset ad.m3u8`.
    public static func line(_ interstitial: Interstitial, of opportunity: PlacementOpportunity) -> String {
        var parts = [position(interstitial, opportunity)]
        // Nothing stated (no DURATION, END-DATE, PLANNED-DURATION or limit): its assets will say.
        let stated = opportunity.duration.flatMap { $0 == .zero ? nil : $0 }
        parts.append(stated.map { "duration \($0.decimalSeconds) s" } ?? "duration unknown")
        if let offset = interstitial.resumeOffset {
            parts.append("resume offset \(offset.decimalSeconds) s" + (offset == .zero ? " (inserted)" : ""))
        } else {
            parts.append("resume offset: its duration (replaces content)")
        }
        if let limit = interstitial.playoutLimit { parts.append("playout limit \(limit.decimalSeconds) s") }
        parts.append("restrict " + (words(restrictions(interstitial.restrictions)) ?? "none"))
        parts.append("cue " + (interstitial.cue.isEmpty ? "none" : interstitial.cue.text))
        if let snap = words(snap(interstitial.snap)) { parts.append("snap \(snap)") }
        switch interstitial.asset {
        case .uri(let uri): parts.append("asset \(uri)")
        case .list(let list): parts.append("asset list \(list)")
        case nil: parts.append("no asset")
        }
        if let skip = interstitial.skipControl {
            var text = "skip control at \(skip.offset.decimalSeconds) s"
            if let duration = skip.duration { text += " for \(duration.decimalSeconds) s" }
            if let label = skip.labelID { text += " labelled \(label)" }
            parts.append(text)
        }
        if interstitial.timelineOccupies != .point { parts.append("occupies \(interstitial.timelineOccupies.rawValue)") }
        if interstitial.timelineStyle != .highlight { parts.append("style \(interstitial.timelineStyle.rawValue)") }
        if !interstitial.contentMayVary { parts.append("content the same for every viewer") }
        return parts.joined(separator: ", ")
    }

    /// Writes the `interstitial` member of an interstitial opportunity:
    /// `position` (`preroll`, `postroll` or `stream`), `resumeOffset` (null:
    /// its duration), `playoutLimit`, `restrict`, `cue`, `snap`, `asset`
    /// (`{"uri": …}` or `{"list": …}`, null when neither or both),
    /// `timelineOccupies`, `timelineStyle`, `contentMayVary`, `skipControl`.
    static func write(_ interstitial: Interstitial, to output: inout JSONOutput) {
        output.openObject()
        output.key("position")
        output.plain(interstitial.cue.contains(.pre) ? "preroll" : interstitial.cue.contains(.post) ? "postroll" : "stream")
        output.key("resumeOffset")
        if let offset = interstitial.resumeOffset { output.number(offset.decimalSeconds) } else { output.null() }
        output.key("playoutLimit")
        if let limit = interstitial.playoutLimit { output.number(limit.decimalSeconds) } else { output.null() }
        strings("restrict", restrictions(interstitial.restrictions), to: &output)
        strings("cue", interstitial.cue.isEmpty ? [] : interstitial.cue.text.split(separator: ",").map(String.init), to: &output)
        strings("snap", snap(interstitial.snap), to: &output)
        output.key("asset")
        switch interstitial.asset {
        case .uri(let uri):
            output.openObject()
            output.member("uri", uri)
            output.closeObject()
        case .list(let list):
            output.openObject()
            output.member("list", list)
            output.closeObject()
        case nil: output.null()
        }
        output.member("timelineOccupies", interstitial.timelineOccupies.rawValue)
        output.member("timelineStyle", interstitial.timelineStyle.rawValue)
        output.member("contentMayVary", interstitial.contentMayVary)
        output.key("skipControl")
        if let skip = interstitial.skipControl {
            output.openObject()
            output.key("offset")
            output.number(skip.offset.decimalSeconds)
            output.key("duration")
            if let duration = skip.duration { output.number(duration.decimalSeconds) } else { output.null() }
            output.key("labelID")
            if let label = skip.labelID { output.value(label) } else { output.null() }
            output.closeObject()
        } else {
            output.null()
        }
        output.closeObject()
    }

    /// `preloadRanges`: each with `id`, `uri`, `targetID`, `targetClass`, `startDate`, `line`.
    static func writePreloads(_ preloads: [PreloadRange], to output: inout JSONOutput) {
        output.key("preloadRanges")
        output.openArray()
        for preload in preloads {
            output.openObject()
            output.member("id", preload.id)
            output.member("uri", preload.uri)
            output.key("targetID")
            if let id = preload.targetID { output.value(id) } else { output.null() }
            output.key("targetClass")
            if let targetClass = preload.targetClass { output.value(targetClass) } else { output.null() }
            output.key("startDate")
            if let date = preload.startDate { output.value(date.description) } else { output.null() }
            output.member("line", preload.line)
            output.closeObject()
        }
        output.closeArray()
    }

    private static func position(_ interstitial: Interstitial, _ opportunity: PlacementOpportunity) -> String {
        if interstitial.cue.contains(.pre) { return "pre-roll" }
        if interstitial.cue.contains(.post) { return "post-roll" }
        return "at \(opportunity.start.decimalSeconds) s" + (opportunity.programDateTime.map { " (\($0))" } ?? "")
    }

    private static func restrictions(_ value: Interstitial.Restrictions) -> [String] {
        [(Interstitial.Restrictions.skip, "SKIP"), (.jump, "JUMP")].filter { value.contains($0.0) }.map(\.1)
    }

    private static func snap(_ value: Interstitial.Snap) -> [String] {
        [(Interstitial.Snap.out, "OUT"), (.in, "IN")].filter { value.contains($0.0) }.map(\.1)
    }

    private static func words(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: ",") }

    private static func strings(_ key: StaticString, _ values: [String], to output: inout JSONOutput) {
        output.key(key)
        output.openArray()
        for value in values { output.value(value) }
        output.closeArray()
    }
}
