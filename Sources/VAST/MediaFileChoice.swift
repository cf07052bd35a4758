/// What a player can play and what it would rather have, for choosing one
/// of a linear ad's media files.
///
/// ```swift
/// var choice = MediaFileChoice(types: ["application/x-mpegURL", "video/mp4"])
/// choice.targetBitrate = 2_000
/// let file = try choice.best(of: linear.mediaFiles)   // VAST error 403 when none is playable
/// ```
public struct MediaFileChoice: Sendable, Hashable {
    /// The MIME types the player plays, most preferred first. Compared
    /// without case and without parameters (`video/mp4; codecs=...`).
    public var types: [String]
    /// The deliveries the player takes (`progressive`, `streaming`); nil for any.
    public var deliveries: Set<String>?
    /// The API frameworks the player runs (e.g. `VPAID`); a file that needs
    /// another is not playable. Empty by default: files that need one are not.
    public var apiFrameworks: Set<String> = []
    /// The bitrate to come closest to, kbit/s.
    public var targetBitrate: Int?
    /// The width to come closest to, in pixels.
    public var targetWidth: Int?
    /// The height to come closest to, in pixels.
    public var targetHeight: Int?

    /// The types a common player plays, HLS first, then progressive MP4 and
    /// the other common containers.
    public static let commonTypes = ["application/x-mpegURL", "application/vnd.apple.mpegurl", "video/mp4", "video/webm",
                                     "video/quicktime", "audio/mp4", "audio/mpeg"]

    /// A choice among ``commonTypes``, with no targets.
    public static let common = MediaFileChoice(types: commonTypes)

    /// Creates a choice among `types`.
    public init(types: [String], deliveries: Set<String>? = nil, targetBitrate: Int? = nil, targetWidth: Int? = nil,
                targetHeight: Int? = nil) {
        self.types = types.map(Self.normalized)
        self.deliveries = deliveries.map { Set($0.map { $0.lowercased() }) }
        self.targetBitrate = targetBitrate
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
    }

    /// Whether the player can play `file`: a type, delivery and framework
    /// it takes, at an absolute http or https URL (``MediaURL``), since the
    /// ad response is untrusted and a player opens local files too.
    public func isPlayable(_ file: MediaFile) -> Bool {
        guard MediaURL.isWeb(file.url) else { return false }
        guard let type = file.type, types.contains(Self.normalized(type)) else { return false }
        if let deliveries, let delivery = file.delivery, !deliveries.contains(delivery.lowercased()) { return false }
        if let framework = file.apiFramework, !framework.isEmpty, !apiFrameworks.contains(framework) { return false }
        return true
    }

    /// The best playable file: of the most preferred type, then with the
    /// bitrate closest to the target, then the size closest to the target,
    /// then first in the document. Throws VAST error 403 when none is playable.
    public func best(of files: [MediaFile]) throws(VASTError) -> MediaFile {
        let playable = files.enumerated().filter { isPlayable($0.element) }
        guard let best = playable.min(by: { rank($0.element, $0.offset).lexicographicallyPrecedes(rank($1.element, $1.offset)) })
        else {
            let offered = Set(files.compactMap(\.type)).sorted().joined(separator: ", ")
            let refused = files.compactMap { MediaURL.refusal($0.url) }
            throw VASTError(.noSupportedMediaFile, files.isEmpty ? "the ad has no media files"
                            : "none of the media files is playable: offered \(offered.isEmpty ? "no types" : offered), "
                              + "playable \(types.joined(separator: ", "))"
                              + (refused.isEmpty ? "" : "; " + refused.joined(separator: "; ")))
        }
        return best.element
    }

    /// Smaller is better; unknown bitrates and sizes rank after known ones.
    private func rank(_ file: MediaFile, _ order: Int) -> [Int] {
        let typeRank = file.type.flatMap { types.firstIndex(of: Self.normalized($0)) } ?? types.count
        var bitrateDistance = 0
        if let target = targetBitrate {
            let bitrate = file.bitrate ?? file.maxBitrate.flatMap { max in file.minBitrate.map { ($0 + max) / 2 } }
            bitrateDistance = bitrate.map { abs($0 - target) } ?? Int.max
        }
        var sizeDistance = 0
        if let width = targetWidth, let height = targetHeight {
            sizeDistance = file.width.flatMap { w in file.height.map { abs(w * $0 - width * height) } } ?? Int.max
        }
        return [typeRank, bitrateDistance, sizeDistance, order]
    }

    private static func normalized(_ type: String) -> String {
        let bare = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        return bare.trimmedSpaces.lowercased()
    }
}
