/// What a break's source requires of playback whatever the policy's rules
/// say (an HLS interstitial's `X-RESTRICT` and `CUE`). The default policy
/// selector honours them; an app's selector may decide otherwise.
public struct BreakRestrictions: OptionSet, Sendable, Hashable, Codable {
    /// The bits.
    public var rawValue: UInt8
    /// Restrictions from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `X-RESTRICT=SKIP`: no seeking forward and no rate above 1 while it plays.
    public static let noSkip = BreakRestrictions(rawValue: 1)
    /// `X-RESTRICT=JUMP`: a jump from before it to after it plays it first,
    /// even if it was watched; across several, the last one passed.
    public static let noJumpOver = BreakRestrictions(rawValue: 2)
    /// `CUE=ONCE`: once watched (in this session or, by the bookmark, an
    /// earlier one), it never plays again.
    public static let once = BreakRestrictions(rawValue: 4)
    /// `CUE=PRE`: it plays before primary playback, wherever that starts.
    public static let beforeStart = BreakRestrictions(rawValue: 8)
}
