internal import SCTE35

/// A synthetic live HLS stream with ad breaks marked in every common dialect
/// at once, for tests and benchmarks: any window of it is a valid media
/// playlist text, so a test can slide a window and compare with the whole.
///
/// Segment `i` lasts 6.006 s and has a PROGRAM-DATE-TIME. Every
/// `breakEvery` segments a break of `breakLength` segments starts, marked by
/// DISCONTINUITY, DATERANGE SCTE35-OUT, EXT-OATCLS-SCTE35 and CUE-OUT,
/// continued by CUE-OUT-CONT, and ended by DISCONTINUITY, CUE-IN and DATERANGE
/// SCTE35-IN. Every `interstitialEvery` segments an interstitial date range
/// sits mid-way between breaks.
public struct SyntheticLivePlaylist: Sendable {
    /// Segments between break starts.
    public var breakEvery = 50
    /// Segments per break.
    public var breakLength = 5
    /// Segments between interstitials (0 for none).
    public var interstitialEvery = 500
    /// Seconds since the epoch of segment 0 (2026-01-01T00:00:00Z).
    public var startEpochSeconds: Int64 = 1_767_225_600

    /// Creates the default stream.
    public init() {}

    /// Where in each `interstitialEvery` segments the interstitial sits:
    /// mid-way between two breaks.
    var interstitialPhase: Int {
        interstitialEvery > breakEvery ? interstitialEvery / 2 + breakEvery / 2 : (breakLength + breakEvery) / 2 % interstitialEvery
    }

    /// The segment duration in milliseconds (6.006 s).
    public static let segmentMilliseconds: Int64 = 6_006

    /// A media playlist of the segments in `window`.
    public func text(window: Range<Int>, endList: Bool = false) -> String {
        var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:7\n"
        text += "#EXT-X-MEDIA-SEQUENCE:\(window.lowerBound)\n"
        text += "#EXT-X-DISCONTINUITY-SEQUENCE:\(discontinuities(before: window.lowerBound))\n"
        for index in window { text += lines(ofSegment: index) }
        if endList { text += "#EXT-X-ENDLIST\n" }
        return text
    }

    /// The lines of segment `index`: its tags, then its URI.
    public func lines(ofSegment index: Int) -> String {
        var text = ""
        let phase = index % breakEvery
        if phase == 0 {
            let out = section(index, out: true)
            text += "#EXT-X-DISCONTINUITY\n"
            text += "#EXT-X-DATERANGE:ID=\"splice-\(index)\",START-DATE=\"\(date(index))\",PLANNED-DURATION=\(seconds(breakLength)),"
            text += "SCTE35-OUT=0x\(PayloadText.hex(out).uppercased())\n"
            text += "#EXT-OATCLS-SCTE35:\(PayloadText.base64(out))\n"
            text += "#EXT-X-CUE-OUT:\(seconds(breakLength))\n"
        } else if phase < breakLength {
            text += "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(seconds(phase)),Duration=\(seconds(breakLength)),"
            text += "SCTE35=\(PayloadText.base64(section(index - phase, out: true)))\n"
        } else if phase == breakLength {
            let start = index - breakLength
            text += "#EXT-X-DISCONTINUITY\n#EXT-X-CUE-IN\n"
            text += "#EXT-X-DATERANGE:ID=\"splice-\(start)\",START-DATE=\"\(date(start))\",END-DATE=\"\(date(index))\","
            text += "SCTE35-IN=0x\(PayloadText.hex(section(start, out: false)).uppercased())\n"
        }
        if interstitialEvery > 0, index % interstitialEvery == interstitialPhase {
            text += "#EXT-X-DATERANGE:ID=\"interstitial-\(index)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(date(index))\","
            text += "DURATION=15.0,X-ASSET-URI=\"https://ads.example.com/promo/\(index)/master.m3u8\",X-RESUME-OFFSET=0,"
            text += "X-RESTRICT=\"SKIP,JUMP\",X-SNAP=\"OUT,IN\"\n"
        }
        text += "#EXT-X-PROGRAM-DATE-TIME:\(date(index))\n#EXTINF:6.006,\n"
        text += "https://cdn.example.com/live/channel-7/video=5000000/segment-\(index).ts\n"
        return text
    }

    /// DISCONTINUITY tags on segments before `index`.
    public func discontinuities(before index: Int) -> Int {
        let full = index / breakEvery
        let phase = index % breakEvery
        return full * 2 + (phase > 0 ? 1 : 0) + (phase > breakLength ? 1 : 0)
    }

    /// The splice_insert that starts (`out`) or ends the break starting at segment `start`.
    public func section(_ start: Int, out: Bool) -> [UInt8] {
        let pts = UInt64(start) * UInt64(Self.segmentMilliseconds) * 90 % PTS.modulus
        let duration = BreakDuration(autoReturn: true, duration: PTS(ticks: UInt64(breakLength) * UInt64(Self.segmentMilliseconds) * 90))
        let splice = SpliceInsert.Splice(
            outOfNetwork: out, spliceImmediate: false, mode: .program(SpliceTime(ptsTime: PTS(ticks: pts))),
            breakDuration: out ? duration : nil, uniqueProgramID: 1, availNum: 0, availsExpected: 0)
        let insert = SpliceInsert(spliceEventID: UInt32(start), splice: splice)
        return (try? SpliceInfoEncoder.encode(SpliceInfoSection(command: .spliceInsert(insert)))) ?? []
    }

    /// `count` segments in seconds, e.g. `30.03`.
    public func seconds(_ count: Int) -> String {
        let milliseconds = Int64(count) * Self.segmentMilliseconds
        return "\(milliseconds / 1_000).\(String(milliseconds % 1_000 + 1_000).dropFirst())"
    }

    /// The PROGRAM-DATE-TIME of segment `index`.
    public func date(_ index: Int) -> String {
        ISODate.string(epochMilliseconds: startEpochSeconds * 1_000 + Int64(index) * Self.segmentMilliseconds)
    }
}
