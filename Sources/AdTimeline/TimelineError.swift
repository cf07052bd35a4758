import MediaTime

/// Why a set of breaks does not make a timeline.
public struct TimelineError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case duplicateID
        case outsideContent(ContentTime)
        case postrollWithoutDuration
        case noAds
        case nonPositiveAdDuration(adID: String)
        case duplicateAdID(adID: String)
        case negativeContentDuration
        case tooLong
        case unknownBreak
        case notOpen
        case moved
        case placeholderWithAds
        case overlaps(other: String)
    }

    private let reason: Reason
    /// The break the problem is about (nil for a timeline-wide problem).
    public let breakID: String?

    private init(_ reason: Reason, breakID: String?) {
        self.reason = reason
        self.breakID = breakID
    }

    static func duplicateID(_ id: String) -> Self { Self(.duplicateID, breakID: id) }
    static func outsideContent(_ id: String, at time: ContentTime) -> Self { Self(.outsideContent(time), breakID: id) }
    static func postrollWithoutDuration(_ id: String) -> Self { Self(.postrollWithoutDuration, breakID: id) }
    static func noAds(_ id: String) -> Self { Self(.noAds, breakID: id) }
    static func nonPositiveAdDuration(_ id: String, ad: String) -> Self { Self(.nonPositiveAdDuration(adID: ad), breakID: id) }
    static func duplicateAdID(_ id: String, ad: String) -> Self { Self(.duplicateAdID(adID: ad), breakID: id) }
    static let negativeContentDuration = Self(.negativeContentDuration, breakID: nil)
    static func tooLong(_ id: String) -> Self { Self(.tooLong, breakID: id) }
    static func unknownBreak(_ id: String) -> Self { Self(.unknownBreak, breakID: id) }
    static func notOpen(_ id: String) -> Self { Self(.notOpen, breakID: id) }
    static func moved(_ id: String) -> Self { Self(.moved, breakID: id) }
    static func placeholderWithAds(_ id: String) -> Self { Self(.placeholderWithAds, breakID: id) }
    static func overlaps(_ id: String, other: String) -> Self { Self(.overlaps(other: other), breakID: id) }

    public var description: String {
        let subject = breakID.map { "break \"\($0)\"" } ?? "timeline"
        return switch reason {
        case .duplicateID: "\(subject): the id is used by another break"
        case .outsideContent(let time): "\(subject): position \(time) lies outside the content"
        case .postrollWithoutDuration: "\(subject): a post-roll needs a known content duration"
        case .noAds: "\(subject): a break needs at least one ad (or, with nothing to play, a resume offset above 0)"
        case .nonPositiveAdDuration(let ad): "\(subject): ad \"\(ad)\" must last longer than 0 s"
        case .duplicateAdID(let ad): "\(subject): ad id \"\(ad)\" appears twice in the break"
        case .negativeContentDuration: "\(subject): the content duration must not be negative"
        case .tooLong: "\(subject): the stream with its ads would be longer than \(AdTimeline.maxStreamLength) s"
        case .unknownBreak: "\(subject): no such break in the timeline"
        case .notOpen: "\(subject): the break is closed; only an open break extends"
        case .moved: "\(subject): a replacement must keep the break's position"
        case .placeholderWithAds: "\(subject): a placeholder has no ads until it is resolved"
        case .overlaps(let other): "\(subject): it replaces content that break \"\(other)\" occupies"
        }
    }
}
