public import AdSignals
public import HLS
internal import MediaTime
internal import SCTE35Text

/// The readable report of `adplay hls inspect`, and its `--summary` counts.
public enum PlaylistReport {
    /// Counts only: segments, opportunities, blackouts (for `device`), warnings; one `name: value` a line.
    public static func summary(_ playlist: Playlist, device: DevicePolicy = DevicePolicy()) -> String {
        switch playlist {
        case .media(let media):
            return "segments: \(media.segments.count)\nopportunities: \(media.opportunities.count)\n"
                + "blackouts: \(DeviceBlackouts(media, device: device).blackouts.count)\nwarnings: \(media.warnings.count)\n"
        case .master(let master):
            return "variants: \(master.variants.count)\nmedia: \(master.renditions.count)\n"
                + "warnings: \(master.warnings.count)\n"
        }
    }

    /// The playlist's kind, duration and segment count, then every opportunity
    /// and decoded cues, the blackouts for `device` (with dates, planned
    /// ends and why), and the programme signals that black out nothing,
    /// then the warnings.
    public static func text(_ playlist: Playlist, device: DevicePolicy = DevicePolicy()) -> String {
        switch playlist {
        case .media(let media): text(media, device: device)
        case .master(let master): text(master)
        }
    }

    static func text(_ playlist: MediaPlaylist, device: DevicePolicy) -> String {
        var lines = ["media playlist: \(playlist.segments.count) segments, \(playlist.duration.decimalSeconds) s, "
            + "media sequence \(playlist.mediaSequence)" + (playlist.endList ? ", ended" : ", live")]
        let discontinuities = playlist.segments.lazy.filter(\.discontinuity).count
        lines.append("discontinuities: \(discontinuities)")
        lines.append("opportunities: \(playlist.opportunities.count)")
        for opportunity in playlist.opportunities {
            var line = "  \(opportunity.id): start \(opportunity.start.decimalSeconds) s"
            if let duration = opportunity.duration {
                line += opportunity.isOpen ? ", planned \(duration.decimalSeconds) s, open" : ", duration \(duration.decimalSeconds) s"
            } else {
                line += ", open"
            }
            if let date = opportunity.programDateTime { line += ", at \(date)" }
            if opportunity.startIsLatestPossible {
                line += ", began before the window (at \(opportunity.start.decimalSeconds) s or earlier)"
            } else if opportunity.joinedInProgress {
                line += ", joined in progress"
            }
            if case .interstitial(let interstitial) = opportunity.kind {
                line += ", interstitial \(interstitial.assetURI ?? interstitial.assetList ?? "")"
            }
            lines.append(line)
            lines.append("    marked by \(opportunity.sources.joined(separator: ", "))")
            if case .interstitial(let interstitial) = opportunity.kind {
                lines.append("    interstitial: " + InterstitialReport.line(interstitial, of: opportunity))
            }
            if let cue = opportunity.scte35 {
                for cueLine in SpliceInfoTree.render(cue).split(separator: "\n") { lines.append("    " + cueLine) }
            }
        }
        let preloads = playlist.preloadRanges
        if !preloads.isEmpty {
            lines.append("preload ranges: \(preloads.count)")
            for preload in preloads {
                let target = [preload.targetID.map { "for \($0)" }, preload.targetClass.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
                lines.append("  \(preload.id): \(preload.uri)" + (target.isEmpty ? "" : " " + target)
                    + (preload.startDate.map { " at \($0)" } ?? "") + ", line \(preload.line)")
            }
        }
        lines += blackoutLines(DeviceBlackouts(playlist, device: device))
        if !playlist.metadata.isEmpty {
            lines.append("timed metadata: \(playlist.metadata.count)")
            for item in playlist.metadata {
                let value = item.value.map { ":" + $0 } ?? ""
                lines.append("  line \(item.line), stream \(item.time.decimalSeconds) s: \(item.name)\(value)")
            }
        }
        lines += warnings(playlist.warnings)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func blackoutLines(_ decided: DeviceBlackouts) -> [String] {
        var lines = ["blackouts for \(decided.deviceDescription): \(decided.blackouts.count)"]
        for blackout in decided.blackouts {
            let date = blackout.date.map { " (\($0))" } ?? ""
            let end = blackout.end.map { "end \($0.decimalSeconds) s" + (blackout.endDate.map { " (\($0))" } ?? "") } ?? "open"
            let planned = blackout.plannedEnd.map { ", planned end \($0.decimalSeconds) s" } ?? ""
            lines.append("  \(blackout.id): start \(blackout.start.decimalSeconds) s\(date), \(end)\(planned), "
                + "\(blackout.openedBy.name)\(blackout.archiveAllowed ? "" : ", may not be recorded"); \(blackout.verdict)")
            lines.append("    signalled by \(blackout.sources.map(\.description).joined(separator: ", "))")
        }
        guard !decided.unrestricting.isEmpty else { return lines }
        lines.append("programme signals that black out nothing: \(decided.unrestricting.count)")
        for change in decided.unrestricting {
            switch change {
            case .notRestricted(let signal, let verdict):
                lines.append("  \(signal.kind.name), event \(signal.eventID), at \(signal.time.decimalSeconds) s, "
                    + "\(signal.source): \(verdict)")
            case .ignored(let signal, let why):
                lines.append("  \(signal.kind.name), event \(signal.eventID), at \(signal.time.decimalSeconds) s, "
                    + "\(signal.source), ignored: \(why)")
            case .started, .updated, .ended:
                break
            }
        }
        return lines
    }

    static func text(_ playlist: MasterPlaylist) -> String {
        var lines = ["multivariant playlist: \(playlist.variants.count) variants, \(playlist.renditions.count) renditions"]
        for variant in playlist.variants {
            var line = "  \(variant.isIFrameOnly ? "i-frames " : "")\(variant.bandwidth) bit/s"
            if let resolution = variant.resolution { line += " \(resolution)" }
            if let codecs = variant.codecs { line += " \(codecs)" }
            lines.append(line + " \(variant.uri)")
        }
        for rendition in playlist.renditions {
            lines.append("  \(rendition.type) \(rendition.groupID) \"\(rendition.name)\"" + (rendition.uri.map { " \($0)" } ?? ""))
        }
        lines += warnings(playlist.warnings)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func warnings(_ warnings: [HLSWarning]) -> [String] {
        ["warnings: \(warnings.count)"] + warnings.map { "  \($0)" }
    }
}
