import AdSSAI
import Foundation
public import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import AdTracking
import MediaTime

/// The human log of a run: one readable line per event, then a small
/// terminal timeline of the content with its breaks marked.
public enum TextReport {
    /// The whole report.
    public static func render(_ run: ScenarioRun, timelineWidth: Int = 60) -> String {
        var output = run.ssai.map { ssai in
            "SSAI session \(ssai.status.rawValue) (code \(ssai.code)): \(ssai.reason); plays \(ssai.playbackURL?.absoluteString ?? "nothing")\n\n"
        } ?? ""
        output += pad("clock", 11) + pad("stream", 11) + pad("content", 11) + "event\n"
        for event in run.events {
            output += pad(TimeText.format(event.clock), 11) + pad(TimeText.format(event.stream), 11)
                + pad(TimeText.format(event.content), 11) + describe(event) + "\n"
        }
        output += "\n" + renderTimeline(run, width: timelineWidth)
        if !run.beacons.isEmpty {
            output += "\nbeacons (\(run.beacons.count), journaled and sent):\n"
            for fired in run.beacons {
                let id = fired.beacon.id
                output += pad(TimeText.format(fired.beacon.clock), 11) + pad(id.tracking, 15)
                    + pad("\(id.breakID)/\(id.adID) #\(id.occurrence)", 18) + fired.url + "\n"
            }
        }
        return output
    }

    /// The header of the rows a run on a real player prints as its events
    /// happen (``row(_:player:)``).
    public static var realPlayerHeader: String {
        pad("clock", 11) + pad("stream", 11) + pad("content", 11) + pad("player", 26) + "event\n"
    }

    /// One event's row on a real player: the times, what the player itself
    /// reported (its item's file name @ its position), the event in words.
    public static func row(_ event: SessionEvent, player: PlayerPosition?) -> String {
        let reported = player.map { player in
            let name = player.item.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "none"
            return name + " @" + String(format: "%.3f", player.position.seconds)
        } ?? "-"
        return pad(TimeText.format(event.clock), 11) + pad(TimeText.format(event.stream), 11)
            + pad(TimeText.format(event.content), 11) + pad(reported, 26) + describe(event) + "\n"
    }

    /// One event in words.
    public static func describe(_ event: SessionEvent) -> String {
        switch event.kind {
        case .sessionStart: "session starts"
        case .seek(let kind, let target):
            "\(kind.rawValue) to content \(TimeText.format(target.content)) (stream \(TimeText.format(target.stream)))"
        case .seekDenied(let kind, let target):
            "\(kind.rawValue) to content \(TimeText.format(target.content)) denied: an ad is playing"
        case .seekAdjusted(let target, let reason):
            "seek adjusted to content \(TimeText.format(target.content)) (stream \(TimeText.format(target.stream))): \(reason)"
        case .adBreakStart(let id): "ad break \(id) starts"
        case .adStart(_, let ad): "  ad \(ad) starts"
        case .adEnd(_, let ad): "  ad \(ad) ends"
        case .adBreakEnd(let id): "ad break \(id) ends"
        case .adBreakSkip(let id, let reason): "ad break \(id) skipped (\(reason.words))"
        case .adSkippable(let id, let ad): ad.map { "  ad \($0) may be skipped" } ?? "ad break \(id) may be skipped"
        case .adSkippableEnd(let id, let ad): ad.map { "  ad \($0) may no longer be skipped" } ?? "ad break \(id) may no longer be skipped"
        case .adSkip(_, let ad): "  ad \(ad) skipped by the viewer"
        case .skipDenied(let reason): "skip refused: \(reason.words)"
        case .contentStart: "content plays"
        case .pause: "paused"
        case .resume: "resumed"
        case .interrupt: "interrupted"
        case .interruptEnd: "interruption over"
        case .failover: "fail-over"
        case .bookmark(let bookmark):
            "bookmark at content \(TimeText.format(bookmark.content)), watched: "
                + (bookmark.watched.isEmpty ? "none" : bookmark.watched.joined(separator: ", "))
        case .sessionEnd: "session ends"
        case .error(let message): "error: \(message)"
        case .streamError(let message, let isForeground):
            "\(isForeground ? "" : "background ")playlist error: \(message)"
        case .blackoutStart(let blackout, let alternate):
            "blackout \(blackout.id) starts (\(blackout.openedBy.name); \(blackout.verdict)): showing "
                + (alternate ?? "the app's slate")
        case .blackoutEnd(let blackout):
            blackout.isOpen
                ? "leaves blackout \(blackout.id), still running: back to the main stream"
                : "blackout \(blackout.id) ends: back to the main stream"
        case .timedMetadata(let metadata):
            "\(metadata.isForeground ? "" : "background ")metadata \(metadata.name)\(metadata.value.isEmpty ? "" : ":" + metadata.value)"
        case .ready(let presentation, let landed):
            "player ready: \(presentation.item) at \(TimeText.format(landed))"
                + (landed == presentation.time ? "" : " (asked \(TimeText.format(presentation.time)))")
        case .resync(let from, let to):
            "player position jumped from \(TimeText.format(from)) to \(TimeText.format(to)): following it"
        case .stall: "playback stalls"
        case .stallEnd(let duration): "playback goes on after a stall of \(TimeText.format(duration))"
        case .adError(_, let ad, let failure): "  ad \(ad) failed: \(failure)"
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
