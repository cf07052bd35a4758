public import MediaTime

/// A scripted SSAI session for tests: a live (or VOD) stream of segments
/// with avails stitched in, served as a personalised manifest (with or
/// without CUE tags) and described by client-side tracking data that can
/// arrive late, incomplete or paged, and scripted faults. The
/// ``LoopbackSSAIEndpoint`` serves it.
///
/// ```swift
/// var script = SSAIScript(segmentMilliseconds: 1_000, window: 10)
/// script.avails = [.init(id: "1", at: 15, segments: 6, ads: 2, late: 2)]
/// ```
public struct SSAIScript: Sendable {
    /// One avail: its first segment (index from the stream's segment 0),
    /// its length in segments, how many ads fill it, and how many tracking
    /// polls after its first segment is served it first appears.
    public struct Avail: Sendable {
        /// Its id, in the playlist's markers and the tracking data.
        public var id: String
        /// Its first segment's index.
        public var at: Int
        /// How many segments it lasts.
        public var segments: Int
        /// How many ads fill it.
        public var ads: Int
        /// How many polls after its first segment is served the tracking data first lists it.
        public var late: Int
        /// The length the tracking data states, in segments, when it
        /// should disagree with the stream (and its markers).
        public var trackedSegments: Int?
        /// Creates an avail.
        public init(id: String, at: Int, segments: Int, ads: Int = 1, late: Int = 0, trackedSegments: Int? = nil) {
            self.id = id
            self.at = at
            self.segments = segments
            self.ads = ads
            self.late = late
            self.trackedSegments = trackedSegments
        }
    }

    /// What the endpoint does wrong.
    public enum Fault: Sendable, Hashable {
        /// The session start answers this status.
        case initStatus(Int)
        /// The session start is accepted and never answered.
        case initStall
        /// The session start answers without a `trackingUrl`.
        case initWithoutTracking
        /// The session start answers 200 with HTML.
        case initNotJSON
        /// Tracking polls answer this status.
        case trackingStatus(Int)
        /// Tracking polls answer 200 with text that is not JSON.
        case trackingNotJSON
    }

    /// Segment length.
    public var segmentMilliseconds: Int64
    /// Segments in a live window; a VOD stream's length.
    public var window: Int
    /// Whether the stream is VOD: every segment at once, with ENDLIST.
    public var isVOD = false
    /// The avails, in stream order.
    public var avails: [Avail] = []
    /// Whether the manifest marks avails with CUE-OUT / CUE-IN (an origin
    /// passing markers through) besides the DISCONTINUITY every stitched
    /// avail has.
    public var cueTags = false
    /// How many answers an avail appears incomplete in before its data is
    /// whole: no duration, ads of 0 s without beacons (the first) or missing.
    public var incompleteAnswers = 0
    /// Avails per tracking page; `nil`: one page.
    public var pageSize: Int?
    /// The faults.
    public var faults: Set<Fault> = []
    /// Seconds since the epoch of segment 0.
    public var startEpochSeconds: Int64 = 1_767_225_600

    /// Creates a script.
    public init(segmentMilliseconds: Int64, window: Int) {
        self.segmentMilliseconds = segmentMilliseconds
        self.window = window
    }

    /// The segments published by `time`.
    public func published(at time: ClockTime) -> Int {
        if isVOD { return window }
        return window + Int(time.ticks / MediaDuration(microseconds: segmentMilliseconds * 1_000).ticks)
    }

    /// The first segment of the window at `time`.
    public func firstSegment(at time: ClockTime) -> Int { isVOD ? 0 : max(0, published(at: time) - window) }

    /// The stream time of segment `index` for a session whose first
    /// manifest began at segment `origin`.
    public func streamTime(ofSegment index: Int, origin: Int) -> StreamTime {
        StreamTime(ticks: MediaDuration(microseconds: segmentMilliseconds * 1_000 * Int64(index - origin)).ticks)
    }

    /// The avail segment `index` belongs to, and its place in it.
    func avail(containing index: Int) -> (Avail, Int)? {
        avails.first { index >= $0.at && index < $0.at + $0.segments }.map { ($0, index - $0.at) }
    }

    /// The manifest at `time`.
    public func manifest(at time: ClockTime) -> String {
        let count = published(at: time)
        let first = firstSegment(at: time)
        let target = (segmentMilliseconds + 999) / 1_000
        var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        if isVOD { text += "#EXT-X-PLAYLIST-TYPE:VOD\n" }
        for index in first..<count {
            let inAvail = avail(containing: index)
            let after = avail(containing: index - 1)
            if inAvail?.1 == 0 || (inAvail == nil && after != nil) { text += "#EXT-X-DISCONTINUITY\n" }
            if cueTags, let (avail, place) = inAvail, place == 0 {
                text += "#EXT-X-CUE-OUT:\(seconds(segmentMilliseconds * Int64(avail.segments)))\n"
            }
            if cueTags, inAvail == nil, after != nil { text += "#EXT-X-CUE-IN\n" }
            text += "#EXT-X-PROGRAM-DATE-TIME:\(ISODate.string(epochMilliseconds: startEpochSeconds * 1_000 + Int64(index) * segmentMilliseconds))\n"
            text += "#EXTINF:\(seconds(segmentMilliseconds)),\n"
            text += inAvail.map { "../segment/\($0.0.id)/\($0.1).ts\n" } ?? "content/\(index).ts\n"
        }
        if isVOD { text += "#EXT-X-ENDLIST\n" }
        return text
    }

    func seconds(_ milliseconds: Int64) -> String {
        "\(milliseconds / 1_000).\(String(milliseconds % 1_000 + 1_000).dropFirst())"
    }
}
