public import MediaTime

/// When the viewer may skip a whole break (an HLS interstitial's skip
/// control): from `offset` after the break starts, for `duration`, or to its
/// end when that is nil. A skip in that window leaves the break; a VAST ad's
/// own `skipoffset` (``Ad/skipOffset``) skips that ad only.
public struct BreakSkipControl: Sendable, Hashable, Codable {
    /// From the break's start.
    public var offset: MediaDuration
    /// How long the control is offered; nil: to the break's end.
    public var duration: MediaDuration?
    /// The label the app shows on the control (`X-SKIP-CONTROL-LABEL-ID`).
    public var labelID: String?

    /// A skip control.
    public init(offset: MediaDuration, duration: MediaDuration? = nil, labelID: String? = nil) {
        self.offset = offset
        self.duration = duration
        self.labelID = labelID
    }

    /// Whether the window is open `offset` into a break lasting `breakDuration`.
    public func isOpen(at position: MediaDuration, breakDuration: MediaDuration) -> Bool {
        position >= offset && position < breakDuration && duration.map { position < offset + $0 } ?? true
    }

    /// The window's next edge after `position`: its opening, or its close when it has a duration.
    public func nextEdge(after position: MediaDuration) -> MediaDuration? {
        if position < offset { return offset }
        if let duration, position < offset + duration { return offset + duration }
        return nil
    }
}
