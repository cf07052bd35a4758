import AdPlaybackTestSupport
import Foundation
import HLS
import MediaTime
import Testing

/// The parts of an opportunity that must not depend on how the playlist was read.
private struct Summary: Hashable, CustomStringConvertible {
    let id: String
    let start: Int64
    let duration: Int64?
    let open: Bool
    let sources: Set<String>

    init(_ opportunity: PlacementOpportunity) {
        id = opportunity.id
        start = opportunity.start.ticks
        duration = opportunity.duration?.ticks
        open = opportunity.isOpen
        sources = Set(opportunity.sources)
    }

    var description: String { "\(id)@\(start) \(duration.map(String.init) ?? "-") open=\(open) \(sources.sorted())" }
}

@Suite struct LiveRefreshTests {
    static let base = "https://cdn.example.com/live/channel-7/video=5000000/"
    let stream = SyntheticLivePlaylist()

    @Test func slidingWindowOverAThousandRefreshes_matchesParsingTheWhole() throws {
        let window = 120
        var live = try LivePlaylist(Array(stream.text(window: 0..<window).utf8))
        var first = 0
        var end = window
        var refreshes = 0
        var step = 0
        while refreshes < 1_000 {
            // Mostly one new segment a refresh; sometimes none, sometimes three.
            let added = [1, 1, 0, 1, 3, 1, 2][step % 7]
            step += 1
            end += added
            first = max(0, end - window)
            let text = Array(stream.text(window: first..<end).utf8)
            let delta = try live.refresh(with: text)
            refreshes += 1
            #expect(!delta.readWholeText, "refresh \(refreshes) fell back to reading the whole text")
            #expect(delta.addedSegments.count == added)
            // Header (6 lines), the two segments checked, and the new lines.
            let newLines = (end - added..<end).map { stream.lines(ofSegment: $0).split(separator: "\n").count }.reduce(0, +)
            #expect(delta.linesRead <= 6 + 2 + newLines + 1, "refresh \(refreshes) read \(delta.linesRead) lines for \(newLines) new")
            #expect(delta.change == (added == 0 ? .unchanged : .advanced))
            #expect(live.playlist.segments.count == end - first)
            #expect(live.playlist.segments.first?.mediaSequence == UInt64(first))
        }
        let whole = try PlaylistParser().parseMedia(Array(stream.text(window: 0..<end).utf8))
        let expected = whole.opportunities.map(Summary.init)
        let actual = live.playlist.opportunities.map(Summary.init)
        // The live playlist keeps the latest opportunities, the same as the
        // whole text's; each one it forgot had ended before the window.
        #expect(actual == Array(expected.suffix(actual.count)))
        #expect(expected.count > 30)
        let windowStart = try #require(live.playlist.segments.first?.start)
        for forgotten in whole.opportunities.dropLast(actual.count) {
            #expect(!forgotten.isOpen && forgotten.end! <= windowStart, "\(forgotten.id) was forgotten while the window touched it")
        }
        #expect(actual.count < expected.count, "a thousand refreshes forgot nothing")
        #expect(live.playlist.opportunities.filter { $0.end.map { $0 <= windowStart } ?? false }.count <= 16)
        // Times are consistent: the live window's segments start where the whole playlist's do.
        for segment in live.playlist.segments {
            #expect(segment.start == whole.segments[Int(segment.mediaSequence)].start)
            #expect(segment.discontinuitySequence == whole.segments[Int(segment.mediaSequence)].discontinuitySequence)
            #expect(live.playlist.uri(of: segment) == whole.uri(of: whole.segments[Int(segment.mediaSequence)]))
        }
    }

    @Test func closedBreaksAreReportedInTheRefreshThatClosesThem() throws {
        var live = try LivePlaylist(Array(stream.text(window: 0..<3).utf8))
        #expect(live.playlist.opportunities.map(\.isOpen) == [true])
        var closed: [String] = []
        for end in 4...8 {
            closed += try live.refresh(with: Array(stream.text(window: 0..<end).utf8)).closedOpportunities
        }
        #expect(closed == ["splice-0"])
        #expect(live.playlist.opportunities.first?.duration == MediaDuration(microseconds: 30_030_000))
    }

    @Test func staleTextIsIgnored_restartIsReparsed_gapIsBridged() throws {
        var live = try LivePlaylist(Array(stream.text(window: 100..<160).utf8))
        let stale = try live.refresh(with: Array(stream.text(window: 90..<150).utf8))
        #expect(stale.change == .wentBackwards)
        #expect(live.playlist.segments.first?.mediaSequence == 100)

        let end = live.playlist.segments.last!.end
        let gap = try live.refresh(with: Array(stream.text(window: 170..<230).utf8))
        #expect(gap.change == .skippedAhead(missing: 10))
        #expect(live.playlist.segments.first?.mediaSequence == 170)
        #expect(live.playlist.segments.first?.start == end)

        let before = live.playlist.segments.last!.end
        let restart = try live.refresh(with: Array(stream.text(window: 0..<40).utf8))
        #expect(restart.change == .restarted)
        #expect(live.playlist.segments.first?.start == before, "re-anchored: stream time goes on")
        #expect(live.playlist.segments.first?.mediaSequence == 0)
    }

    @Test func rewrittenHistory_fallsBackToReadingTheWholeText() throws {
        var live = try LivePlaylist(Array(stream.text(window: 0..<60).utf8))
        var text = stream.text(window: 1..<62)
        text = text.replacingOccurrences(of: "segment-30.ts", with: "segment-30-replaced.ts")
        let delta = try live.refresh(with: Array(text.utf8))
        #expect(delta.readWholeText)
        #expect(delta.rewrittenSegments == [
            RewrittenSegment(mediaSequence: 30, earlierURI: Self.base + "segment-30.ts", laterURI: Self.base + "segment-30-replaced.ts")
        ])
        #expect(delta.addedSegments == 60..<62)
        #expect(live.playlist.segments.count == 61)
    }

    /// A refresh reads its playlist-level tags as a whole parse does: their
    /// values are taken, and a bad one is the same error, at the same line.
    @Test func aRefreshsHeader_isReadAsAWholeParseReadsIt() throws {
        var live = try LivePlaylist(Array(stream.text(window: 0..<10).utf8))
        let next = stream.text(window: 1..<11)
        let changed = next.replacingOccurrences(of: "#EXT-X-VERSION:", with: "#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-VERSION:")
        _ = try live.refresh(with: Array(changed.utf8))
        #expect(live.playlist.independentSegments)
        #expect(live.playlist.mediaSequence == 1)
        let bad = stream.text(window: 2..<12).replacingOccurrences(of: "#EXT-X-TARGETDURATION:", with: "#EXT-X-TARGETDURATION:x")
        let whole = #expect(throws: HLSError.self) { _ = try PlaylistParser().parseMedia(bad) }
        let refreshed = #expect(throws: HLSError.self) { _ = try live.refresh(with: Array(bad.utf8)) }
        #expect(refreshed?.description == whole?.description)
        #expect(refreshed?.line == whole?.line)
    }
}
