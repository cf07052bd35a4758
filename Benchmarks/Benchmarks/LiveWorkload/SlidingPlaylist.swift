import Foundation

/// A live stream's playlist bodies, made by sliding a byte window: 2 s
/// segments, a window of `window` segments, a 60 s break every 5 minutes
/// (CUE-OUT/CONT/IN). Making a body is a copy, kept out of the measurement.
public struct SlidingPlaylist {
    public let window: Int
    /// Segments between HLS interstitials (X-ASSET-URI, DURATION 15), mid-way between breaks; 0 for none.
    public let interstitialEvery: Int
    private var blocks: [[UInt8]] = []
    private var first = 0

    public init(window: Int, interstitialEvery: Int = 0) {
        self.window = window
        self.interstitialEvery = interstitialEvery
        for index in 0..<window { blocks.append(Self.block(index, interstitialEvery: interstitialEvery)) }
    }

    /// Whether segment `index` carries an interstitial.
    public func hasInterstitial(_ index: Int) -> Bool { interstitialEvery > 0 && index % interstitialEvery == interstitialEvery / 2 }

    static func block(_ index: Int, interstitialEvery: Int = 0) -> [UInt8] {
        var text = ""
        let phase = index % 150
        if phase == 0 { text += "#EXT-X-CUE-OUT:60.000\n" } else if phase < 30 {
            text += "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(phase * 2).000,Duration=60.000\n"
        } else if phase == 30 { text += "#EXT-X-CUE-IN\n" }
        let seconds = 1_767_225_600 + index * 2
        text += "#EXT-X-PROGRAM-DATE-TIME:\(seconds)\n".replacingOccurrences(of: "\(seconds)", with: iso(seconds))
        if interstitialEvery > 0, index % interstitialEvery == interstitialEvery / 2 {
            text += "#EXT-X-DATERANGE:ID=\"promo-\(index)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(iso(seconds))\","
            text += "DURATION=15.0,X-ASSET-URI=\"https://ads.example.com/promo/\(index).m3u8\",X-RESUME-OFFSET=0,X-RESTRICT=\"SKIP,JUMP\"\n"
        }
        text += "#EXTINF:2.000,\nhttps://cdn.example.com/live/seg-\(index).ts\n"
        return Array(text.utf8)
    }

    private static func iso(_ seconds: Int) -> String {
        let day = seconds % 86_400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "2026-01-01T\(two(day / 3_600)):\(two(day / 60 % 60)):\(two(day % 60)).000Z"
    }

    /// Publishes one more segment.
    public mutating func advance() {
        blocks.removeFirst()
        first += 1
        blocks.append(Self.block(first + window - 1, interstitialEvery: interstitialEvery))
    }

    /// The newest segment's index.
    public var last: Int { first + window - 1 }

    public var body: [UInt8] {
        var bytes = Array("#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(first)\n".utf8)
        bytes.reserveCapacity(window * 120)
        for block in blocks { bytes += block }
        return bytes
    }
}
