public import AdSignals
public import AdTimeline
public import MediaTime

/// What the player should be showing.
public enum PlayerItem: Sendable, Hashable {
    /// The main stream (content, with in-stream ads stitched in).
    case main
    /// An inserted ad's own asset.
    case ad(breakID: String, adID: String, asset: AdAsset?)
    /// Content shown instead of the main stream during a blackout: the
    /// alternate stream's URL, or `nil` when none is configured (the app
    /// shows its own slate). Presented at time 0, meaning its live
    /// position; its item time counts from there.
    case alternate(url: String?)
}

extension PlayerItem: CustomStringConvertible {
    /// `main`, `ad mid1/a1`, `alternate https://…`, `alternate (slate)`.
    public var description: String {
        switch self {
        case .main: "main"
        case .ad(let breakID, let adID, _): "ad \(breakID)/\(adID)"
        case .alternate(let url): "alternate \(url ?? "(slate)")"
        }
    }
}

/// What a session asks its driver to do.
public enum SessionAction: Sendable, Hashable {
    /// Publish an event.
    case emit(SessionEvent)
    /// Show an item at a time (replace the item if it differs, then seek);
    /// the player answers with ``PlayerReport/ready(_:landedAt:)`` naming it.
    case present(Presentation)
    /// Set the playback rate: 0 to hold, 1 to play.
    case setRate(Double)
    /// Persist a bookmark.
    case saveBookmark(Bookmark)
    /// Resolve an opportunity's ads; the result comes back as
    /// ``SessionInput/resolved(opportunityID:breaks:issues:)`` or
    /// ``SessionInput/resolutionFailed(opportunityID:reason:)``.
    case resolve(AdOpportunity)
    /// Stop resolving an opportunity: its break left the timeline.
    case cancelResolution(opportunityID: String)
}

/// Where a session resumes: content time, the breaks already watched and
/// when the last break completed.
///
/// Carrying the watched breaks means a resumed session never replays what
/// the viewer saw; carrying the last break's end means a cool-down that was
/// running keeps running (it is about the viewer, not the process).
public struct Bookmark: Sendable, Hashable, Codable {
    /// The content ("local") time to resume at.
    public var content: ContentTime
    /// The ids of the breaks watched, in content order.
    public var watched: [String]
    /// The wall clock's reading when the session's last break completed;
    /// `nil` when none did. It is compared with the resuming session's
    /// clock, so a bookmark kept across processes needs a wall clock whose
    /// readings mean the same in both.
    public var lastBreakCompletedAt: ClockTime?
    /// For a live stream, the program date of `content` (from
    /// PROGRAM-DATE-TIME), so a later session finds the position in its own
    /// window, or starts at the live edge when it has left it. ISO 8601 in
    /// a bookmark file.
    public var date: ProgramDateTime?

    /// Creates a bookmark.
    public init(content: ContentTime, watched: [String], lastBreakCompletedAt: ClockTime? = nil, date: ProgramDateTime? = nil) {
        self.content = content
        self.watched = watched
        self.lastBreakCompletedAt = lastBreakCompletedAt
        self.date = date
    }
}
