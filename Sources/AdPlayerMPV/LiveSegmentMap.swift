public import Foundation
public import HLS
public import MediaTime

/// Where a live main stream's segments stand on the playlist's stream time,
/// by URL: how mpv's position on a live stream becomes the session's.
///
/// mpv joins a live stream at a segment of the window and counts its
/// `time-pos` from that segment's first frame (it rebases the stream's
/// start to 0). The adapter chooses the segment
/// (`live_start_index`, from the end of the window, the segment holding
/// the presentation's time), then learns the one mpv really opened first
/// from mpv's log (`hls: Opening '…' for reading`): the window may have
/// slid between the playlist the session knows and the one mpv fetched.
/// That segment's start is the item's offset: stream time = offset +
/// `time-pos`.
///
/// ```swift
/// let map = LiveSegmentMap(playlist, url: playlistURL)
/// let join = map.join(at: MediaDuration(seconds: 42))  // (index: -3, start: 41 s)
/// ```
public struct LiveSegmentMap: Sendable, Hashable {
    /// One segment: its absolute URL and where it starts and how long it is.
    public struct Segment: Sendable, Hashable {
        /// The URL as mpv opens it (resolved against the playlist's URL).
        public var url: String
        /// Where it starts on the stream.
        public var start: MediaDuration
        /// Its length.
        public var duration: MediaDuration

        /// Creates a segment.
        public init(url: String, start: MediaDuration, duration: MediaDuration) {
            self.url = url
            self.start = start
            self.duration = duration
        }
    }

    /// The window's segments, in order.
    public var segments: [Segment]

    /// Creates a map of `segments`, in order.
    public init(segments: [Segment]) { self.segments = segments }

    /// The map of `playlist`'s window, its URIs resolved against `url`, the
    /// playlist's own URL.
    public init(_ playlist: MediaPlaylist, url: URL) {
        segments = playlist.segments.map { segment in
            let uri = playlist.uri(of: segment)
            let resolved = URL(string: uri, relativeTo: url)?.absoluteString ?? uri
            return Segment(url: resolved, start: MediaDuration(ticks: segment.start.ticks), duration: segment.duration)
        }
    }

    /// Where the segment at `url` starts, if the window holds it.
    public func start(of url: String) -> MediaDuration? {
        segments.last { $0.url == url }?.start
    }

    /// Where mpv should join to show `time`: the segment holding it (the
    /// last one when `time` is past the window, the first when before), as
    /// libavformat's `live_start_index` counts, from the end (-1 is the
    /// last segment), and where that segment starts. `nil` for an empty window.
    public func join(at time: MediaDuration) -> (index: Int, start: MediaDuration)? {
        guard !segments.isEmpty else { return nil }
        let holding = segments.lastIndex { $0.start <= time } ?? 0
        return (holding - segments.count, segments[holding].start)
    }

    /// The segment URL in one of mpv's log lines, when the line says
    /// libavformat's HLS reader opened a segment.
    public static func openedURL(inLogLine text: String) -> String? {
        let prefix = "hls: Opening '"
        let suffix = "' for reading"
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
