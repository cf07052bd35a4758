import AdPolicy
import MediaTime
internal import AdSignals

/// Events print as a reader would say them: `print(event)` gives
/// `clock 12.5 s, content 600 s: fastForward to content 600 s (stream 630 s)`,
/// never a module-qualified case such as `AdPlayback.JumpKind.seek`.
extension SessionEvent: CustomStringConvertible {
    public var description: String {
        "clock \(clock.decimalSeconds) s, content \(content.decimalSeconds) s (stream \(stream.decimalSeconds) s): \(kind)"
    }
}

extension SessionEvent.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .seek(let kind, let target): "\(kind) to \(target)"
        case .seekDenied(let kind, let target): "\(kind) to \(target) denied"
        case .seekAdjusted(let target, let reason): "seek adjusted to \(target): \(reason)"
        case .adBreakStart(let id), .adBreakEnd(let id): "\(name) \(id)"
        case .adStart(let breakID, let adID), .adEnd(let breakID, let adID): "\(name) \(breakID)/\(adID)"
        case .adBreakSkip(let id, let reason): "adBreakSkip \(id) (\(reason))"
        case .adSkippable(let breakID, let adID), .adSkippableEnd(let breakID, let adID):
            "\(name) \(breakID)" + (adID.map { "/" + $0 } ?? "")
        case .adSkip(let breakID, let adID): "adSkip \(breakID)/\(adID)"
        case .skipDenied(let reason): "skipDenied (\(reason))"
        case .bookmark(let bookmark): "bookmark \(bookmark)"
        case .error(let message): "error: \(message)"
        case .streamError(let message, let isForeground): "streamError\(isForeground ? "" : " (background)"): \(message)"
        case .timedMetadata(let metadata):
            "timedMetadata \(metadata.name)\(metadata.value.isEmpty ? "" : ":" + metadata.value) at stream \(metadata.streamTime.decimalSeconds) s"
                + (metadata.isForeground ? "" : " (background)")
        case .blackoutStart(let blackout, let alternate): "blackoutStart \(blackout.id)" + (alternate.map { ", showing \($0)" } ?? "")
        case .blackoutEnd(let blackout): "blackoutEnd \(blackout.id)"
        case .ready(let presentation, let landed):
            "ready \(presentation.id) \(presentation.item) at \(landed.decimalSeconds) s"
                + (landed == presentation.time ? "" : " (asked \(presentation.time.decimalSeconds) s)")
        case .resync(let from, let to): "resync from item time \(from.decimalSeconds) s to \(to.decimalSeconds) s"
        case .stallEnd(let duration): "stallEnd after \(duration.decimalSeconds) s"
        case .adError(let breakID, let adID, let failure): "adError \(breakID)/\(adID): \(failure)"
        case .sessionStart, .contentStart, .stall, .pause, .resume, .interrupt, .interruptEnd, .failover, .sessionEnd: name
        }
    }
}

extension Bookmark: CustomStringConvertible {
    /// `content 912.5 s, watched pre, mid1`.
    public var description: String {
        "content \(content.decimalSeconds) s, watched " + (watched.isEmpty ? "none" : watched.joined(separator: ", "))
            + (lastBreakCompletedAt.map { ", last break completed at clock \($0.decimalSeconds) s" } ?? "")
            + (date.map { ", date \($0)" } ?? "")
    }
}

extension JumpKind: CustomStringConvertible {
    /// `seek`, `fastForward`, `rewind`.
    public var description: String { rawValue }
}
