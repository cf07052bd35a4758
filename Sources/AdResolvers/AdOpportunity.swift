public import AdTimeline
public import MediaTime
public import VAST

/// A place where ads may go, before anyone has said which: a VMAP schedule
/// for a piece of content, an ad tag to fill a break of known length, or a
/// marker in a stream. Resolvers turn opportunities into breaks.
public struct AdOpportunity: Sendable, Hashable, Identifiable {
    /// A stable identifier (a VMAP break id, a cue's id).
    public var id: String
    /// Where the ads go.
    public var position: BreakPosition
    /// The time to fill, when the opportunity states one (a cue-out's duration).
    public var duration: MediaDuration?
    /// What the opportunity came from.
    public var source: Source

    /// What an opportunity comes from.
    public enum Source: Sendable, Hashable {
        /// A VMAP schedule for content of this length: every break of it.
        case vmap(VMAPDocument, contentDuration: MediaDuration)
        /// A VAST ad tag to ask for the break's ads.
        case adTag(String)
        /// A VAST response already in hand.
        case vast(VASTDocument)
        /// A marker in the stream whose ads are already in it (server-side
        /// insertion), named by the tags that marked it.
        case marker(tags: [String])
    }

    /// Creates an opportunity.
    public init(id: String, position: BreakPosition, duration: MediaDuration? = nil, source: Source) {
        self.id = id
        self.position = position
        self.duration = duration
        self.source = source
    }
}

/// What a resolver made of an opportunity: breaks for the timeline, and what
/// it had to leave out or could not get, so nothing is dropped silently.
public struct ResolvedBreaks: Sendable, Hashable {
    /// The breaks, in content order.
    public var breaks: [AdBreak]
    /// Ads dropped, sources that failed, each with the reason.
    public var issues: [String]

    /// Creates a result.
    public init(breaks: [AdBreak], issues: [String] = []) {
        self.breaks = breaks
        self.issues = issues
    }
}
