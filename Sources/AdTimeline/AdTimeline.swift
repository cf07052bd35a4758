public import MediaTime

/// The breaks of one stream laid out on stream time and content time.
///
/// Stream time includes the ads; content ("local") time excludes them:
/// stream time = content time + the durations of the breaks before it. A
/// break at content position `p` begins at `streamTime(forContentTime: p)`;
/// content resumes after it at `streamTime(resumingAt: p)`.
///
/// The timeline is a value: every change (``markWatched(_:)``,
/// ``removeBreak(id:)``) mutates a copy. Conversions, navigation and changes
/// are O(log n) in the number of breaks.
///
/// ```swift
/// var timeline = try AdTimeline(contentDuration: .init(seconds: 1800), breaks: [
///     AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a1", duration: .init(seconds: 30))]),
///     AdBreak(id: "mid", position: .midroll(.init(seconds: 600)), ads: [Ad(id: "a2", duration: .init(seconds: 60))]),
/// ])
/// timeline.streamTime(forContentTime: .init(seconds: 900))   // 990 s
/// ```
public struct AdTimeline: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        var adBreak: AdBreak
        var position: ContentTime
        var duration: MediaDuration
        var isRemoved = false
    }

    /// Every break ever added, sorted by content position; removed ones stay
    /// as tombstones so indices (and the trees below) never shift.
    var entries: [Entry]
    /// Element k: the stream-time gap from break k-1's start to break k's
    /// start, so a prefix sum is a break's stream start.
    var startGaps: FenwickTree
    /// Element k: 1 while break k is in the timeline, 0 once removed.
    var liveFlags: FenwickTree
    /// Element k: the duration break k adds to the main player item (in-stream
    /// breaks only; removal does not take stitched ads out of the item).
    var stitchedDurations: FenwickTree
    var indexByID: [String: Int]
    var watchedIDs: Set<String> = []

    /// The longest stream (content and ads) a timeline holds: about 3,000
    /// years, so no sum of times can overflow.
    public static let maxStreamLength = MediaDuration(seconds: 100_000_000_000)

    /// The length of the content without ads; `nil` for live streams.
    public let contentDuration: MediaDuration?

    /// Creates a timeline, checking that ids and positions are unique and
    /// lie within the content.
    /// - Complexity: O(n log n).
    public init(contentDuration: MediaDuration?, breaks: [AdBreak]) throws(TimelineError) {
        if let contentDuration, contentDuration < .zero { throw .negativeContentDuration }
        self.contentDuration = contentDuration
        var entries: [Entry] = []
        entries.reserveCapacity(breaks.count)
        var indexByID: [String: Int] = [:]
        for adBreak in breaks {
            guard indexByID.updateValue(0, forKey: adBreak.id) == nil else { throw .duplicateID(adBreak.id) }
            try Self.validateAds(of: adBreak)
            let position = try Self.contentPosition(of: adBreak, contentDuration: contentDuration)
            entries.append(Entry(adBreak: adBreak, position: position, duration: adBreak.duration))
        }
        entries.sort { $0.position < $1.position }
        for index in entries.indices {
            if index > 0, entries[index].position == entries[index - 1].position {
                throw .samePosition(entries[index].adBreak.id, as: entries[index - 1].adBreak.id)
            }
            indexByID[entries[index].adBreak.id] = index
        }
        self.entries = entries
        self.indexByID = indexByID
        var gaps: [Int64] = []
        gaps.reserveCapacity(entries.count)
        for index in entries.indices {
            guard index > 0 else {
                gaps.append(entries[index].position.ticks)
                continue
            }
            let previous = entries[index - 1]
            gaps.append(entries[index].position.ticks - previous.position.ticks + previous.duration.ticks)
        }
        var total = contentDuration?.ticks ?? entries.last?.position.ticks ?? 0
        for entry in entries {
            total += entry.duration.ticks
            guard total <= Self.maxStreamLength.ticks else { throw .tooLong(entry.adBreak.id) }
        }
        startGaps = FenwickTree(gaps)
        liveFlags = FenwickTree(Array(repeating: 1, count: entries.count))
        stitchedDurations = FenwickTree(entries.map { $0.adBreak.insertion == .inStream ? $0.duration.ticks : 0 })
    }

    private static func validateAds(of adBreak: AdBreak) throws(TimelineError) {
        guard !adBreak.ads.isEmpty else { throw .noAds(adBreak.id) }
        var adIDs: Set<String> = []
        var total: Int64 = 0
        for ad in adBreak.ads {
            guard ad.duration > .zero else { throw .nonPositiveAdDuration(adBreak.id, ad: ad.id) }
            guard adIDs.insert(ad.id).inserted else { throw .duplicateAdID(adBreak.id, ad: ad.id) }
            // Checked one ad at a time so the sum itself cannot overflow.
            guard ad.duration <= maxStreamLength else { throw .tooLong(adBreak.id) }
            total += ad.duration.ticks
            guard total <= maxStreamLength.ticks else { throw .tooLong(adBreak.id) }
        }
    }

    private static func contentPosition(
        of adBreak: AdBreak, contentDuration: MediaDuration?
    ) throws(TimelineError) -> ContentTime {
        switch adBreak.position {
        case .preroll:
            return .zero
        case .postroll:
            guard let contentDuration else { throw .postrollWithoutDuration(adBreak.id) }
            return ContentTime(ticks: contentDuration.ticks)
        case .midroll(let time):
            let beyondEnd = contentDuration.map { time.ticks > $0.ticks } ?? false
            guard time >= .zero, !beyondEnd else { throw .outsideContent(adBreak.id, at: time) }
            return time
        }
    }

    /// The number of breaks in the timeline (removed ones excluded).
    public var count: Int { Int(liveFlags.prefixSum(entries.count)) }

    /// The breaks in content order (removed ones excluded).
    /// - Complexity: O(n).
    public var breaks: [AdBreak] { entries.filter { !$0.isRemoved }.map(\.adBreak) }

    /// The break with this id, if it is in the timeline.
    public func adBreak(id: String) -> AdBreak? {
        guard let index = liveIndex(of: id) else { return nil }
        return entries[index].adBreak
    }

    /// The content position of a break: 0 for a pre-roll, the content
    /// duration for a post-roll.
    public func contentPosition(ofBreak id: String) -> ContentTime? {
        liveIndex(of: id).map { entries[$0].position }
    }

    /// The content position of `adBreak` from its own position, without a
    /// lookup: 0 for a pre-roll, the content duration for a post-roll.
    /// - Complexity: O(1).
    public func contentPosition(of adBreak: AdBreak) -> ContentTime {
        switch adBreak.position {
        case .preroll: .zero
        case .midroll(let time): time
        case .postroll: contentEnd ?? .zero
        }
    }

    /// The end of the content; `nil` for live streams.
    public var contentEnd: ContentTime? { contentDuration.map { ContentTime(ticks: $0.ticks) } }

    func liveIndex(of id: String) -> Int? {
        guard let index = indexByID[id], !entries[index].isRemoved else { return nil }
        return index
    }
}
