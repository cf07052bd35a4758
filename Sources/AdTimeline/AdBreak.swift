public import MediaTime

/// Where a break sits in the content.
public enum BreakPosition: Sendable, Hashable, Codable {
    /// Before the content starts (content time 0).
    case preroll
    /// At a content time.
    case midroll(ContentTime)
    /// After the content ends; needs a known content duration.
    case postroll
}

/// How a break's ads reach the viewer.
public enum Insertion: String, Sendable, Hashable, Codable, CaseIterable {
    /// Server-side: the ads are stitched into the stream and occupy its time.
    case inStream
    /// Client-side: the ads are separate assets; playing the break switches
    /// the player's item to them and back.
    case inserted
}

/// An ad break: an ordered list of ads at one position of the content.
public struct AdBreak: Sendable, Hashable, Codable, Identifiable {
    /// The break's identifier, unique in its timeline.
    public var id: String
    /// Where the break sits.
    public var position: BreakPosition
    /// The ads, in play order.
    public var ads: [Ad]
    /// How the ads reach the viewer.
    public var insertion: Insertion

    /// Creates a break.
    public init(id: String, position: BreakPosition, ads: [Ad], insertion: Insertion = .inStream) {
        self.id = id
        self.position = position
        self.ads = ads
        self.insertion = insertion
    }

    /// The sum of the ads' durations.
    /// - Complexity: O(number of ads).
    public var duration: MediaDuration {
        ads.reduce(MediaDuration.zero) { $0 + $1.duration }
    }

    /// Which ad plays at `offset` from the break's start, and how far into it.
    ///
    /// Returns `nil` when the offset lies outside the break.
    /// - Complexity: O(number of ads).
    public func ad(atOffset offset: MediaDuration) -> (index: Int, offset: MediaDuration)? {
        guard offset >= .zero else { return nil }
        var start = MediaDuration.zero
        for (index, ad) in ads.enumerated() {
            if offset < start + ad.duration { return (index, offset - start) }
            start += ad.duration
        }
        return nil
    }

    /// The offset from the break's start at which ad `index` begins.
    public func offset(ofAd index: Int) -> MediaDuration {
        ads[..<index].reduce(MediaDuration.zero) { $0 + $1.duration }
    }
}
