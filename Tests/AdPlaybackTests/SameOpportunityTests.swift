import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import Foundation
import HLS
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

private func cue(_ id: String, duration: Int64?, open: Bool) -> AdOpportunity {
    AdOpportunity(id: id, position: .stream(StreamTime(seconds: 100)), duration: duration.map(s), isOpen: open,
                  signal: .inStream(tags: ["#EXT-X-DATERANGE"], scte35: nil))
}

private func liveSession() throws -> PlaybackSession {
    PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
}

/// Signals of one opportunity arrive over several refreshes; the session
/// keeps one break and merges what each says into it.
@Suite struct SameOpportunityTests {
    @Test func anOpenOpportunity_entersAsAnOpenPlaceholder() throws {
        var session = try liveSession()
        let actions = try session.handle(.opportunity(cue("ad-1", duration: 30, open: true)), at: .zero)
        #expect(actions == [.resolve(cue("ad-1", duration: 30, open: true))])
        let placeholder = try #require(session.timeline.adBreak(id: "ad-1"))
        #expect(placeholder.isPlaceholder && placeholder.isOpen)
        #expect(placeholder.duration == s(30))
    }

    @Test func theSameOpportunityClosed_closesTheBreakAtItsDuration_withoutASecondResolution() throws {
        var session = try liveSession()
        _ = try session.handle(.opportunity(cue("ad-1", duration: 30, open: true)), at: .zero)
        let actions = try session.handle(.opportunity(cue("ad-1", duration: 25, open: false)), at: .zero)
        #expect(actions.isEmpty)
        #expect(session.timeline.count == 1)
        let closed = try #require(session.timeline.adBreak(id: "ad-1"))
        #expect(!closed.isOpen)
        #expect(closed.duration == s(25))
    }

    @Test func theSameOpportunityLonger_extendsTheOpenBreak() throws {
        var session = try liveSession()
        _ = try session.handle(.opportunity(cue("ad-1", duration: 30, open: true)), at: .zero)
        #expect(try session.handle(.opportunity(cue("ad-1", duration: 60, open: true)), at: .zero).isEmpty)
        #expect(session.timeline.adBreak(id: "ad-1")?.duration == s(60))
        #expect(session.timeline.adBreak(id: "ad-1")?.isOpen == true)
    }

    @Test func aRepeatOfAClosedOpportunity_changesNothing() throws {
        var session = try liveSession()
        _ = try session.handle(.opportunity(cue("ad-1", duration: 25, open: false)), at: .zero)
        let before = session.timeline
        #expect(try session.handle(.opportunity(cue("ad-1", duration: 25, open: false)), at: .zero).isEmpty)
        #expect(session.timeline == before)
    }

    /// The data path from bytes: a live playlist whose date range first
    /// says PLANNED-DURATION and, two refreshes later, DURATION, becomes
    /// one break in the session, open and then closed at its real length.
    @Test func aLivePlaylistsRefreshes_reachTheSessionAsOneBreak() throws {
        func window(_ count: Int, closed: Bool) -> [UInt8] {
            var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n"
            text += "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n"
            for index in 0..<count {
                if index == 2 {
                    text += "#EXT-X-DATERANGE:ID=\"ad-1\",START-DATE=\"2026-01-01T00:00:20Z\",PLANNED-DURATION=30,SCTE35-OUT=0xFC\n"
                }
                if index == 5, closed { text += "#EXT-X-DATERANGE:ID=\"ad-1\",START-DATE=\"2026-01-01T00:00:20Z\",DURATION=25\n" }
                text += "#EXTINF:10,\ns\(index).ts\n"
            }
            return Array(text.utf8)
        }
        var live = try LivePlaylist(window(3, closed: false))
        var session = try liveSession()
        var resolutions: [String] = []
        func feed(_ opportunities: [AdOpportunity]) throws {
            for opportunity in opportunities {
                for case .resolve(let asked) in try session.handle(.opportunity(opportunity), at: .zero) {
                    resolutions.append(asked.id)
                }
            }
        }
        try feed(live.playlist.opportunities.map(AdOpportunity.init))
        let refresh4 = try live.refresh(with: window(4, closed: false))
        try feed(refresh4.changedOpportunities(in: live.playlist))
        #expect(session.timeline.adBreak(id: "ad-1")?.isOpen == true)
        let refresh6 = try live.refresh(with: window(6, closed: true))
        try feed(refresh6.changedOpportunities(in: live.playlist))
        #expect(resolutions == ["ad-1"])
        #expect(session.timeline.count == 1)
        let adBreak = try #require(session.timeline.adBreak(id: "ad-1"))
        #expect(adBreak.position == .midroll(ContentTime(seconds: 20)))
        #expect(!adBreak.isOpen)
        #expect(adBreak.duration == s(25))
    }
}
