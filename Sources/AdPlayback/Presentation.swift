public import MediaTime

/// The identity of one presentation: the n-th item or seek the session
/// asked of its player. Identities only grow within a session.
public struct PresentationID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number, from 1.
    public let value: Int

    /// Creates an identity.
    public init(_ value: Int) { self.value = value }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    /// `#3`.
    public var description: String { "#\(value)" }
}

/// How precisely a presentation must land.
public enum SeekPrecision: String, Sendable, Hashable, CaseIterable {
    /// On the exact time asked for (an ad's boundary, a snapback's target):
    /// an exact seek, or a new item started at its beginning.
    case exact
    /// On a keyframe near it, before or after (a viewer's seek into
    /// content): the quicker seek a player makes by default.
    case keyframe
}

/// One thing the session asks its player to show: an item at a time,
/// which replaces the item when it differs and is otherwise a seek.
///
/// The player reports back with ``PlayerReport/ready(_:landedAt:)`` once
/// it has loaded the item or done the seek, naming `id` and where it
/// actually landed. Until then no time counts as played, and a later
/// presentation supersedes this one.
public struct Presentation: Sendable, Hashable, CustomStringConvertible {
    /// The identity the player's reports name.
    public var id: PresentationID
    /// What to show.
    public var item: PlayerItem
    /// Where in the item.
    public var time: MediaDuration
    /// Whether the landing must be exact or may be on a keyframe.
    public var precision: SeekPrecision
    /// Whether it replaces the item shown (a load), rather than seeking in it.
    public var replacesItem: Bool

    /// Creates a presentation.
    public init(id: PresentationID, item: PlayerItem, time: MediaDuration, precision: SeekPrecision, replacesItem: Bool) {
        self.id = id
        self.item = item
        self.time = time
        self.precision = precision
        self.replacesItem = replacesItem
    }

    /// `#3 ad mid1/a1 at 0 s (exact load)`.
    public var description: String {
        "\(id) \(item) at \(time.decimalSeconds) s (\(precision.rawValue) \(replacesItem ? "load" : "seek"))"
    }
}

/// Why a player could not show an item, as a VAST error code says it.
public enum PlayerFailure: Sendable, Hashable, CustomStringConvertible {
    /// The media (or its playlist) was not found: VAST 401.
    case notFound(String)
    /// The media did not load in time, or stalled too long: VAST 402.
    case timeout(String)
    /// The media was found but cannot be played (a decode error, an
    /// unsupported format): VAST 405.
    case unplayable(String)

    /// The VAST error code.
    public var vastCode: Int {
        switch self {
        case .notFound: 401
        case .timeout: 402
        case .unplayable: 405
        }
    }

    /// What the player said.
    public var message: String {
        switch self {
        case .notFound(let message), .timeout(let message), .unplayable(let message): message
        }
    }

    /// `401 not found: HTTP 404 for https://…`.
    public var description: String {
        let kind =
            switch self {
            case .notFound: "not found"
            case .timeout: "timed out"
            case .unplayable: "cannot be played"
            }
        return "\(vastCode) \(kind): \(message)"
    }
}

/// What a player reports about its presentations.
public enum PlayerReport: Sendable, Hashable {
    /// The presentation is showing: its item loaded, or its seek completed,
    /// at the item time the player actually landed on.
    case ready(PresentationID, landedAt: MediaDuration)
    /// The presentation's item played to its end.
    case ended(PresentationID)
    /// The presentation's item failed to load, or failed while playing.
    case failed(PresentationID, PlayerFailure)
    /// Playback stopped for want of data (rebuffering).
    case stalled
    /// Playback goes on after a stall.
    case stallEnded
}
