public import MediaTime

/// What the parser accepts and what it reports.
public struct ParseOptions: Sendable, Hashable {
    /// The longest line accepted, in bytes (default 1 MiB).
    public var maxLineLength: Int = 1 << 20
    /// The most lines accepted (default 1,000,000).
    public var maxLines: Int = 1_000_000
    /// Tags delivered as `TimedMetadata` on every occurrence, written with
    /// their `#`, e.g. `#EXT-OATCLS-SCTE35`.
    public var subscribedTags: Set<String> = [] {
        didSet {
            subscribedTagBytes = subscribedTags.map { Array($0.utf8) }
            subscribesToDateRanges = subscribedTags.contains("#EXT-X-DATERANGE")
        }
    }
    /// Those tags' bytes, made once for every parse with these options.
    private(set) var subscribedTagBytes: [[UInt8]] = []
    /// Whether `#EXT-X-DATERANGE` is among them.
    private(set) var subscribesToDateRanges = false

    /// Every ad and blackout tag the parser knows, in every dialect: what
    /// a live session delivers as timed metadata unless the app says otherwise.
    public static let adSignalTags: Set<String> = [
        "#EXT-X-CUE-OUT", "#EXT-X-CUE-OUT-CONT", "#EXT-X-CUE-IN", "#EXT-X-CUE-SPAN", "#EXT-OATCLS-SCTE35", "#EXT-X-ASSET",
        "#EXT-X-SCTE35", "#EXT-X-DATERANGE",
    ]
    /// Values for `#EXT-X-DEFINE:IMPORT=` (the multivariant playlist's
    /// variables) and `QUERYPARAM=` (the playlist URL's query), by name.
    public var importedVariables: [String: String] = [:]
    /// Signals of one break that sit this close together are the same break
    /// (a DATERANGE's START-DATE rarely falls exactly on the segment boundary
    /// where the in-band cue sits). Nil means one target duration.
    public var mergeTolerance: MediaDuration?

    /// Creates the default options.
    public init() {}

    /// The merge tolerance for a playlist with `targetDuration` seconds (capped at a day).
    func tolerance(targetDuration: UInt64?) -> MediaDuration {
        mergeTolerance ?? MediaDuration(seconds: Int64(clamping: min(targetDuration ?? 1, 86_400)))
    }
}
