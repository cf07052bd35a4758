public import AdPlayback
public import AdPolicy
public import AdSignals
public import AdTimeline
public import MediaTime
public import AdLive
public import AdSSAI
public import struct MediaTime.ProgramDateTime

/// A scenario: a stream with its breaks, a policy, and what the viewer does.
public struct Scenario: Sendable {
    /// One step of the viewer (or of the world).
    public enum Action: Sendable, Hashable {
        /// Start a session.
        case start(StartSpec)
        /// Play for a while of wall time at 1x.
        case play(MediaDuration)
        /// Pause for a while, then resume.
        case pause(MediaDuration)
        /// Let wall time pass with or without a session (a night between two
        /// sessions).
        case wait(MediaDuration)
        /// A seek, fastForward or rewind.
        case jump(JumpKind, JumpTarget)
        /// A seek, fastForward or rewind to a date of a live stream.
        case jumpToDate(JumpKind, ProgramDateTime)
        /// An interruption lasting a while.
        case interrupt(MediaDuration)
        /// The viewer presses skip (refused outside a skip window).
        case skip
        /// Stop and save a bookmark.
        case stop
        /// A fault: fail over to a new session at the same content time.
        case failover
        /// Play until the session ends.
        case playToEnd
    }

    /// Where a `start` action begins.
    public enum StartSpec: Sendable, Hashable {
        /// At 0, or fresh at a position.
        case at(JumpTarget)
        /// From the last bookmark.
        case bookmark
        /// A live stream's live edge, less its hold-back.
        case liveEdge
        /// A live stream's date.
        case date(ProgramDateTime)
    }

    /// An action and where it stands in the file.
    public struct Step: Sendable, Hashable {
        /// The action.
        public var action: Action
        /// Its JSON path, e.g. `$.actions[3]`.
        public var path: String
        /// Its 1-based line.
        public var line: Int
        /// Its 1-based column.
        public var column: Int
    }

    /// The breaks laid on the stream.
    public var timeline: AdTimeline
    /// The rules.
    public var policy: AdPolicy
    /// What happens, in order.
    public var steps: [Step]
    /// Places for ads whose breaks resolve while the scenario runs (a VMAP's).
    public var opportunities: [AdOpportunity]
    /// The recorded live stream the scenario plays (`"stream": {"type":
    /// "live", "recording": DIR}`); its breaks come from the stream.
    public var liveRecording: LiveRecording?
    /// A live scenario's blackout section: the device, and the alternate
    /// content a blackout shows.
    public var blackout: BlackoutSpec?
    /// How the SSAI session the scenario plays started (`"ssai"`); its
    /// status begins the event lines.
    public var ssai: SSAIStartup?
    /// How the opportunities' breaks reach the viewer.
    public var placeholderStyle: BreakStyle
    /// The longest one opportunity may take to resolve (`"resolveTimeout"`,
    /// default 8 s); past it the break is skipped as unresolved.
    public var resolveTimeout: MediaDuration
    /// What the schedule left out, and why.
    public var issues: [String]
    /// The file's `"description"`, which titles its pictures.
    public var title: String?
    /// How the simulated player departs from an ideal one (`"player"`);
    /// `nil`: ideal.
    public var player: PlayerSpec?
    /// The VOD stream's URL (`"stream": {"url": …}`): what a real player
    /// loads as the main stream; the simulated player needs none.
    public var streamURL: String?
    /// `_HLS_primary_id`, the one value an HLS interstitial's requests carry
    /// for the session (`"primaryID"`; default `adplay`), so a run requests
    /// the same URLs every time.
    public var primaryID = "adplay"
    /// The live stream's playlist URL (`"stream": {"type": "live", "url":
    /// …}`), which a real player follows; the simulated player replays a
    /// recording instead.
    public var liveURL: String?

    /// Creates a scenario.
    public init(
        timeline: AdTimeline, policy: AdPolicy, steps: [Step], opportunities: [AdOpportunity] = [],
        placeholderStyle: BreakStyle = BreakStyle(), resolveTimeout: MediaDuration = Self.defaultResolveTimeout,
        issues: [String] = []
    ) {
        self.timeline = timeline
        self.policy = policy
        self.steps = steps
        self.opportunities = opportunities
        self.placeholderStyle = placeholderStyle
        self.resolveTimeout = resolveTimeout
        self.issues = issues
    }

    /// The resolve timeout when the file names none.
    public static let defaultResolveTimeout = MediaDuration(seconds: 8)
}

extension Scenario.Action {
    /// The wall time the action lets pass, if it names one.
    var wallTime: MediaDuration? {
        switch self {
        case .play(let duration), .pause(let duration), .wait(let duration), .interrupt(let duration): duration
        case .start, .jump, .jumpToDate, .skip, .stop, .failover, .playToEnd: nil
        }
    }
}
