import HLS
import MediaTime
import Testing

/// Inputs the fuzzer found, kept so the bugs stay fixed.
@Suite struct FuzzRegressionTests {
    /// A positioned cue-out merged into a date range that had already closed
    /// moved the start past the end; a huge TARGETDURATION overflowed the
    /// merge tolerance.
    @Test(arguments: ["fuzz/negative-duration.m3u8", "fuzz/negative-duration-2.m3u8", "fuzz/huge-target-duration.m3u8"])
    func cueOutAfterAClosedDateRange_neverGivesANegativeDuration(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        // Parses or fails with an error; never traps.
        guard let playlist = try? PlaylistParser().parseMedia(bytes) else { return }
        for opportunity in playlist.opportunities {
            if let end = opportunity.end { #expect(end >= opportunity.start) }
        }
        let lines = bytes.indices.filter { $0 == 0 || bytes[$0 - 1] == 0x0A }
        guard var live = try? LivePlaylist(Array(bytes[..<lines[lines.count / 2]])) else { return }
        _ = try? live.refresh(with: bytes)
        for opportunity in live.playlist.opportunities {
            if let end = opportunity.end { #expect(end >= opportunity.start) }
        }
    }
}
