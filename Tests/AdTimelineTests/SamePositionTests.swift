import AdTimeline
import MediaTime
import Testing

/// Breaks may share a position (HLS interstitials at one date, two
/// pre-rolls): they play in the order they entered the timeline, back to
/// back, and each has its own stretch of stream time.
@Suite struct SamePositionTests {
    static func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
    static func at(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }

    static func adBreak(_ id: String, at position: BreakPosition, _ seconds: Int64, insertion: Insertion = .inserted,
                        occupancy: Occupancy = .addsStreamTime) -> AdBreak {
        AdBreak(id: id, position: position, ads: [Ad(id: "\(id)1", duration: s(seconds))], insertion: insertion, occupancy: occupancy)
    }

    /// A (30 s) and B (20 s) at 600, C (10 s) at 1200, over 1800 s of content.
    static func timeline() throws -> AdTimeline {
        try AdTimeline(contentDuration: s(1800), breaks: [
            adBreak("A", at: .midroll(at(600)), 30), adBreak("B", at: .midroll(at(600)), 20), adBreak("C", at: .midroll(at(1200)), 10),
        ])
    }

    @Test func twoBreaksAtOnePosition_followEachOther_onTheStream() throws {
        let timeline = try Self.timeline()
        #expect(timeline.breaks.map(\.id) == ["A", "B", "C"])
        #expect(timeline.streamRange(ofBreak: "A") == StreamTime(seconds: 600)..<StreamTime(seconds: 630))
        #expect(timeline.streamRange(ofBreak: "B") == StreamTime(seconds: 630)..<StreamTime(seconds: 650))
        #expect(timeline.streamRange(ofBreak: "C") == StreamTime(seconds: 1250)..<StreamTime(seconds: 1260))
        #expect(timeline.streamTime(forContentTime: Self.at(600)) == StreamTime(seconds: 600))
        #expect(timeline.streamTime(resumingAt: Self.at(600)) == StreamTime(seconds: 650))
        #expect(timeline.location(ofStreamTime: StreamTime(seconds: 640)) == .inBreak(id: "B", offset: Self.s(10)))
        #expect(timeline.location(ofStreamTime: StreamTime(seconds: 650)) == .content(Self.at(600)))
        #expect(timeline.adBreak(atContentTime: Self.at(600))?.id == "A")
        #expect(timeline.nextBreak(afterContentTime: Self.at(599))?.id == "A")
        #expect(timeline.nextBreak(afterContentTime: Self.at(600))?.id == "C")
        #expect(timeline.breakFollowing("A")?.id == "B", "the next at the same position")
        #expect(timeline.breakFollowing("B") == nil, "C is at another position")
        #expect(timeline.breaks(between: Self.at(0), and: Self.at(1500)).map(\.id) == ["A", "B", "C"])
        #expect(timeline.streamEnd == StreamTime(seconds: 1860))
    }

    /// Taking one out leaves the other where it was; one put back comes
    /// after those already there.
    @Test func removingAndAddingAgain_keepsTheOthers() throws {
        var timeline = try Self.timeline()
        try timeline.apply(.withdraw(breakID: "A"))
        #expect(timeline.breaks.map(\.id) == ["B", "C"])
        #expect(timeline.streamRange(ofBreak: "B") == StreamTime(seconds: 600)..<StreamTime(seconds: 620))
        try timeline.insert(Self.adBreak("A", at: .midroll(Self.at(600)), 30))
        #expect(timeline.breaks.map(\.id) == ["B", "A", "C"])
        #expect(timeline.streamRange(ofBreak: "A") == StreamTime(seconds: 620)..<StreamTime(seconds: 650))
        try timeline.replaceBreak(Self.adBreak("B", at: .midroll(Self.at(600)), 5))
        #expect(timeline.streamRange(ofBreak: "A") == StreamTime(seconds: 605)..<StreamTime(seconds: 635))
        #expect(timeline.breaks.map(\.id) == ["B", "A", "C"])
    }

    @Test func twoPrerolls_playInOrder() throws {
        let timeline = try AdTimeline(contentDuration: Self.s(60), breaks: [
            Self.adBreak("first", at: .preroll, 10), Self.adBreak("second", at: .preroll, 5),
        ])
        #expect(timeline.adBreak(atContentTime: .zero)?.id == "first")
        #expect(timeline.breakFollowing("first")?.id == "second")
        #expect(timeline.streamRange(ofBreak: "second") == StreamTime(seconds: 10)..<StreamTime(seconds: 15))
    }

    /// Only the last break at a position may cover content: one before it
    /// that did would be played over by the next.
    @Test func onlyTheLastBreakAtAPosition_mayCoverContent() throws {
        #expect(throws: TimelineError.self) {
            try AdTimeline(contentDuration: Self.s(1800), breaks: [
                Self.adBreak("live", at: .midroll(Self.at(600)), 30, occupancy: .replacesContent), Self.adBreak("B", at: .midroll(Self.at(600)), 20),
            ])
        }
        let timeline = try AdTimeline(contentDuration: Self.s(1800), breaks: [
            Self.adBreak("B", at: .midroll(Self.at(600)), 20), Self.adBreak("live", at: .midroll(Self.at(600)), 30, occupancy: .replacesContent),
        ])
        #expect(timeline.contentResumption(after: try #require(timeline.adBreak(id: "live"))) == Self.at(630))
        #expect(timeline.streamRange(ofBreak: "live") == StreamTime(seconds: 620)..<StreamTime(seconds: 650))
    }

    /// In-stream breaks at one position are stitched one after the other
    /// into the main item.
    @Test func stitchedBreaksAtOnePosition_followEachOtherInTheMainItem() throws {
        let timeline = try AdTimeline(contentDuration: Self.s(1800), breaks: [
            Self.adBreak("A", at: .midroll(Self.at(600)), 30, insertion: .inStream), Self.adBreak("B", at: .midroll(Self.at(600)), 20, insertion: .inStream),
        ])
        #expect(timeline.mainItemTime(ofBreak: "A") == Self.s(600))
        #expect(timeline.mainItemTime(ofBreak: "B") == Self.s(630))
        #expect(timeline.mainItemTime(forContentTime: Self.at(600), afterBreak: true) == Self.s(650))
    }
}
