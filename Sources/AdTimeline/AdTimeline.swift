public import MediaTime

/// The breaks of one stream laid out on stream time and content time.
///
/// Stream time includes the ads; content ("local") time excludes them:
/// stream time = content time + the durations of the breaks before it that
/// add stream time. A break at content position `p` begins at
/// `streamTime(forContentTime: p)`; content resumes after it at
/// `streamTime(resumingAt: p)`. A break that replaces content (live
/// server-side insertion) adds nothing: there, stream time is content time.
///
/// The timeline is a value: every change mutates a copy. It is built for
/// live streams as well as VOD: breaks are inserted while a session runs,
/// open breaks extend and close, placeholders are resolved, and breaks that
/// left the live window are dropped (their storage reused, their watched
/// state kept). Conversions, navigation and every change are O(log n) in the
/// number of breaks.
///
/// ```swift
/// var timeline = try AdTimeline(contentDuration: .init(seconds: 1800), breaks: [
///     AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a1", duration: .init(seconds: 30))]),
///     AdBreak(id: "mid", position: .midroll(.init(seconds: 600)), ads: [Ad(id: "a2", duration: .init(seconds: 60))]),
/// ])
/// timeline.streamTime(forContentTime: .init(seconds: 900))   // 990 s
/// ```
public struct AdTimeline: Sendable {
    /// The breaks in content order, with their aggregates.
    var tree = BreakTree()
    var watchedIDs: Set<String> = []
    /// Watched breaks that left the live window, most recent last.
    var retiredWatched = RetiredBreaks()
    /// Ranges a seek may not land in, in content order, not overlapping.
    var nonSeekable: [NonSeekableRange] = []
    /// A live stream's seekable range (its window less the hold-back);
    /// `nil` for VOD, where the whole content is seekable.
    public internal(set) var seekableWindow: ClosedRange<ContentTime>?

    /// The longest stream (content and ads) a timeline holds: about 3,000
    /// years, so no sum of times can overflow.
    public static let maxStreamLength = MediaDuration(seconds: 100_000_000_000)

    /// The length of the content without ads; `nil` for live streams.
    public internal(set) var contentDuration: MediaDuration?

    /// Creates a timeline, checking that ids and positions are unique and
    /// lie within the content.
    /// - Complexity: O(n log n).
    public init(contentDuration: MediaDuration?, breaks: [AdBreak]) throws(TimelineError) {
        if let contentDuration, contentDuration < .zero { throw .negativeContentDuration }
        self.contentDuration = contentDuration
        for adBreak in breaks { try insert(adBreak) }
    }

    /// The number of breaks in the timeline (removed ones excluded).
    public var count: Int { tree.liveCount }

    /// The breaks in content order (removed ones excluded).
    /// - Complexity: O(n).
    public var breaks: [AdBreak] { tree.inOrder().filter { !$0.isRemoved }.map(\.adBreak) }

    /// The break with this id, if it is in the timeline.
    /// - Complexity: O(1).
    public func adBreak(id: String) -> AdBreak? { tree.liveEntry(id: id)?.adBreak }

    /// Whether the break with this id is in the timeline: ``adBreak(id:)``
    /// is not nil, answered without copying the break.
    package func containsBreak(id: String) -> Bool { tree.containsLive(id: id) }

    /// The content position of a break: 0 for a pre-roll, the content
    /// duration for a post-roll.
    public func contentPosition(ofBreak id: String) -> ContentTime? { tree.liveEntry(id: id)?.position }

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

    /// Where content plays once `adBreak` is over: its position when it adds
    /// stream time, its end when it replaces content, its resume offset on
    /// when it has one.
    /// - Complexity: O(1) (O(ads) for a break not in the timeline).
    public func contentResumption(after adBreak: AdBreak) -> ContentTime {
        let position = contentPosition(of: adBreak)
        if let offset = adBreak.resumeOffset { return position + offset }
        guard adBreak.occupancy == .replacesContent else { return position }
        let duration = tree.liveEntry(id: adBreak.id)?.duration ?? adBreak.duration
        return position + duration
    }

    /// The end of the content; `nil` for live streams.
    public var contentEnd: ContentTime? { contentDuration.map { ContentTime(ticks: $0.ticks) } }
}

extension AdTimeline: Hashable {
    /// Two timelines are equal when they hold the same breaks in the same
    /// states, whatever the shape of their storage.
    /// - Complexity: O(n).
    public static func == (lhs: AdTimeline, rhs: AdTimeline) -> Bool {
        lhs.contentDuration == rhs.contentDuration && lhs.watchedIDs == rhs.watchedIDs
            && lhs.retiredWatched == rhs.retiredWatched && lhs.nonSeekable == rhs.nonSeekable
            && lhs.seekableWindow == rhs.seekableWindow
            && lhs.tree.inOrder() == rhs.tree.inOrder()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentDuration)
        hasher.combine(count)
        hasher.combine(watchedIDs)
        for entry in tree.inOrder() { hasher.combine(entry) }
    }
}

extension AdTimeline: CustomStringConvertible {
    /// The breaks as `id@position+duration`, in content order, with the
    /// watched ones marked.
    public var description: String {
        let items = tree.inOrder().map { entry in
            "\(entry.adBreak.id)@\(entry.position)+\(entry.duration)"
                + (entry.isRemoved ? " removed" : "") + (isWatched(entry.adBreak.id) ? " watched" : "")
        }
        return "AdTimeline([\(items.joined(separator: ", "))])"
    }
}
