public import MediaTime

/// A `com.apple.hls.preload` date range: a resource (an interstitial's asset
/// list or asset, say) the client may fetch ahead of when it is due.
/// A playlist with EXT-X-ENDLIST has none (``MediaPlaylist/preloadRanges``).
public struct PreloadRange: Sendable, Hashable {
    /// The CLASS that marks a preload range.
    public static let className = "com.apple.hls.preload"

    /// `ID`.
    public var id: String
    /// `X-URI`: what to preload.
    public var uri: String
    /// `X-TARGET-ID`: the ID of the date range the resource is for.
    public var targetID: String?
    /// `X-TARGET-CLASS`: the CLASS of that date range.
    public var targetClass: String?
    /// `START-DATE`: when to preload.
    public var startDate: ProgramDateTime?
    /// The 1-based line of its tag.
    public var line: Int

    /// A preload range.
    public init(id: String, uri: String, targetID: String?, targetClass: String?, startDate: ProgramDateTime?, line: Int) {
        self.id = id
        self.uri = uri
        self.targetID = targetID
        self.targetClass = targetClass
        self.startDate = startDate
        self.line = line
    }

    /// The preload range `range` is, when its CLASS says so and it names a URI.
    public init?(_ range: DateRange) {
        guard range.isPreload else { return nil }
        let attributes = range.clientAttributes  // made once: each read of it reads the tag again
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        guard let uri = value("X-URI") else { return nil }
        self.init(id: range.id, uri: uri, targetID: value("X-TARGET-ID"), targetClass: value("X-TARGET-CLASS"),
                  startDate: range.startDate, line: range.line)
    }
}

extension MediaPlaylist {
    /// The `com.apple.hls.preload` ranges in the window, none once the playlist has EXT-X-ENDLIST.
    public var preloadRanges: [PreloadRange] { endList ? [] : dateRanges.compactMap(PreloadRange.init) }
}
