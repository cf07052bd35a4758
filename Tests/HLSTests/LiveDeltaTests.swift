import Foundation
import HLS
import MediaTime
import SCTE35
import Testing

/// A time_signal carrying one restricted segmentation descriptor, as base64.
private func blackoutCue(type: UInt8, event: UInt32) throws -> String {
    let restrictions = SegmentationDescriptor.DeliveryRestrictions(
        webDeliveryAllowed: false, noRegionalBlackout: false, archiveAllowed: true, deviceRestrictions: .none)
    let descriptor = SegmentationDescriptor(
        segmentationEventID: event, segmentation: .init(deliveryRestrictions: restrictions, segmentationTypeID: type))
    return try SpliceInfoEncoder.base64(
        SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))), descriptors: [.segmentation(descriptor)]))
}

/// A live window: segment `i` lasts 10 s; `tags[i]` goes before it.
private func window(_ range: Range<Int>, tags: [Int: String] = [:]) -> [UInt8] {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:\(range.lowerBound)\n"
    for index in range {
        text += "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:\(String(format: "%02d", index / 6)):\(String(format: "%02d", index % 6 * 10))Z\n"
        if let tag = tags[index] { text += tag + "\n" }
        text += "#EXTINF:10,\ns\(index).ts\n"
    }
    return Array(text.utf8)
}

/// What a refresh reports beyond segments: signals of one opportunity that
/// arrive in several refreshes. (Which programme signals black a device
/// out is AdSignals' to decide: BlackoutDetectorTests.)
@Suite struct LiveDeltaTests {
    /// Alternate Content Opportunity Start/End mark where other content may
    /// go; even restricted, they are no blackout.
    @Test func alternateContentOpportunity_isNoBlackout() throws {
        let tags = [
            1: "#EXT-X-SCTE35:CUE=\"\(try blackoutCue(type: 0x42, event: 5))\"",
            3: "#EXT-X-SCTE35:CUE=\"\(try blackoutCue(type: 0x43, event: 5))\"",
        ]
        let live = try LivePlaylist(window(0..<5, tags: tags))
        #expect(live.playlist.opportunities.isEmpty)
        #expect(live.playlist.signals.count == 2, "reported as signals, for AdSignals to judge")
    }

    /// A date range first seen with PLANNED-DURATION and later with its
    /// DURATION is one opportunity, closed by the later signal.
    @Test func aDateRangeRepeatedWithItsDuration_mergesIntoTheSameOpportunity() throws {
        let planned = "#EXT-X-DATERANGE:ID=\"ad-1\",START-DATE=\"2026-01-01T00:00:20Z\",PLANNED-DURATION=30,SCTE35-OUT=0xFC"
        let actual = "#EXT-X-DATERANGE:ID=\"ad-1\",START-DATE=\"2026-01-01T00:00:20Z\",DURATION=25"
        var live = try LivePlaylist(window(0..<3, tags: [2: planned]))
        #expect(live.playlist.opportunities.map(\.id) == ["ad-1"])
        #expect(live.playlist.opportunities.first?.isOpen == true)
        let delta = try live.refresh(with: window(0..<6, tags: [2: planned, 5: actual]))
        #expect(delta.openedOpportunities.isEmpty)
        #expect(delta.closedOpportunities == ["ad-1"])
        let opportunity = try #require(live.playlist.opportunities.only)
        #expect(opportunity.start == StreamTime(seconds: 20))
        #expect(opportunity.duration == MediaDuration(seconds: 25))
        #expect(!opportunity.isOpen)
    }

    /// A session that runs for hours holds its window, not its history: an
    /// opportunity that ended before the window is forgotten (beyond the
    /// latest 16), and an origin that keeps repeating an expired date range
    /// never starts it again.
    @Test func endedOpportunitiesAreForgotten_andAnExpiredDateRangeRepeatedNeverStartsAgain() throws {
        func range(_ ad: Int) -> String {
            let date = "2026-01-01T00:\(String(format: "%02d", ad * 2 / 6)):\(String(format: "%02d", ad * 2 % 6 * 10))Z"
            return "#EXT-X-DATERANGE:ID=\"ad-\(ad)\",START-DATE=\"\(date)\",DURATION=10,SCTE35-OUT=0xFC"
        }
        /// Each break's own tag before its segment; every earlier one
        /// repeated before the window's first segment and before its newest.
        func text(_ segments: Range<Int>) -> [UInt8] {
            var tags: [Int: String] = [:]
            for ad in 0..<40 where segments.contains(ad * 2) { tags[ad * 2] = range(ad) }
            let expired = (0..<40).filter { $0 * 2 < segments.lowerBound }.map(range)
            for index in [segments.lowerBound, segments.upperBound - 1] where !expired.isEmpty {
                tags[index] = (expired + [tags[index]].compactMap { $0 }).joined(separator: "\n")
            }
            return window(segments, tags: tags)
        }
        var live = try LivePlaylist(text(0..<6))
        var opened = live.playlist.opportunities.map(\.id)
        for end in 7...80 {
            let delta = try live.refresh(with: text(max(0, end - 6)..<end))
            opened += delta.openedOpportunities
        }
        #expect(opened == (0..<40).map { "ad-\($0)" }, "each break opens once, however often it is repeated")
        let windowStart = try #require(live.playlist.segments.first?.start)
        #expect(live.playlist.opportunities.map(\.id) == (24..<40).map { "ad-\($0)" })
        #expect(live.playlist.opportunities.allSatisfy { !$0.isOpen && $0.duration == MediaDuration(seconds: 10) })
        #expect(live.playlist.opportunities.last?.start == StreamTime(seconds: 780))
        #expect(windowStart == StreamTime(seconds: 740))
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
