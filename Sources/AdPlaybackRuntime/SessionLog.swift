import AdPlayback
import AdPolicy
import AdSignals
import Logging
import MediaTime

/// Logs what a session publishes, at levels that mean something: info for
/// the session's, breaks' and blackouts' transitions, warning for an ad
/// that fails and a background stream fault, error for a fault of the main
/// stream shown (what stops playback), debug for the rest. Each entry
/// carries the ids it concerns (`break`, `ad`, `blackout`) and the stream
/// time; the app's own metadata (a session id, say) rides on its logger.
final class SessionLog: PlaybackObserver {
    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        for event in events { log(event) }
    }

    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? { nil }

    private func log(_ event: SessionEvent) {
        var metadata: Logger.Metadata = ["stream": "\(event.stream.decimalSeconds)"]
        let level: Logger.Level
        switch event.kind {
        case .sessionStart, .sessionEnd, .contentStart, .failover:
            level = .info
        case .adBreakStart(let breakID), .adBreakEnd(let breakID):
            metadata["break"] = "\(breakID)"
            level = .info
        case .adBreakSkip(let breakID, let reason):
            metadata["break"] = "\(breakID)"
            metadata["reason"] = "\(reason.rawValue)"
            level = .info
        case .adSkip(let breakID, let adID):
            metadata["break"] = "\(breakID)"
            metadata["ad"] = "\(adID)"
            level = .info
        case .adStart(let breakID, let adID), .adEnd(let breakID, let adID):
            metadata["break"] = "\(breakID)"
            metadata["ad"] = "\(adID)"
            level = .debug
        case .adError(let breakID, let adID, let failure):
            metadata["break"] = "\(breakID)"
            metadata["ad"] = "\(adID)"
            metadata["failure"] = "\(failure)"
            level = .warning
        case .blackoutStart(let blackout, _), .blackoutEnd(let blackout):
            metadata["blackout"] = "\(blackout.id)"
            level = .info
        case .streamError(let message, let isForeground):
            metadata["message"] = "\(message)"
            level = isForeground ? .error : .warning
        case .error(let message):
            metadata["message"] = "\(message)"
            level = .warning
        default:
            level = .debug
        }
        logger.log(level: level, "\(event.name)", metadata: metadata)
    }
}
