import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// A subscribed tag: delivered when playback reaches its stream time
    /// (at once if it is already behind the playhead), once. Before a
    /// session starts, tags wait; the start drops those before it.
    mutating func take(_ metadata: TimedMetadata) {
        if isRunning, metadata.streamTime <= playhead.stream {
            deliver(metadata, at: playhead)
            return
        }
        pendingMetadata.insert(metadata)
    }

    /// Delivers the waiting tags the playhead has reached. A jump forward
    /// drops the tags it leaps: playback never reached them.
    mutating func deliverReachedMetadata(after origin: StreamTime?) {
        guard !pendingMetadata.isEmpty else { return }
        let now = playhead.stream
        if let origin, origin < now {
            pendingMetadata.removeAll { $0.streamTime > origin && $0.streamTime < now }
        }
        while let first = pendingMetadata.first, first.streamTime <= now {
            pendingMetadata.removeFirst()
            deliver(first, at: Playhead(stream: first.streamTime, content: timeline.contentTime(forStreamTime: first.streamTime)))
        }
    }

    /// Emits a main-stream tag: the foreground item's, or while another
    /// item shows, the background item's (not at all when the main stream
    /// is not kept as one).
    private mutating func deliver(_ metadata: TimedMetadata, at position: Playhead) {
        var metadata = metadata
        if case .alternate = phase, metadata.isForeground {
            guard isMainInBackground else { return }
            metadata.isForeground = false
        }
        emit(.timedMetadata(metadata), at: position)
    }

    /// Playback time until the next waiting tag, in content.
    var timeToNextMetadata: MediaDuration? {
        guard let first = pendingMetadata.first, first.streamTime > playhead.stream else { return nil }
        return first.streamTime - playhead.stream
    }
}
