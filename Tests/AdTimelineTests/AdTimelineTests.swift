import AdTimeline
import MediaTime
import Testing

@Suite struct AdTimelineTests {
    /// 30 minutes of content; 5 minutes of ads before minute 15 of content.
    let timeline = try! AdTimeline(contentDuration: seconds(1800), breaks: [
        makeBreak("pre", at: .preroll, ads: [60, 60]),
        makeBreak("mid1", at: .midroll(content(300)), ads: [90]),
        makeBreak("mid2", at: .midroll(content(600)), ads: [90]),
        makeBreak("post", at: .postroll, ads: [30]),
    ])

    @Test func minute20OfStreamIsLocalTime900WithFiveMinutesOfAdsBefore() {
        #expect(timeline.contentTime(forStreamTime: stream(1200)) == content(900))
        #expect(timeline.streamTime(forContentTime: content(900)) == stream(1200))
    }

    @Test func aBreakAtAContentPositionStartsThereAndContentResumesAfterIt() {
        #expect(timeline.streamTime(forContentTime: content(300)) == stream(420))
        #expect(timeline.streamTime(resumingAt: content(300)) == stream(510))
        #expect(timeline.streamRange(ofBreak: "mid1") == stream(420)..<stream(510))
        #expect(timeline.streamEnd == stream(2130))
    }

    @Test func everyStreamTimeInsideABreakMapsToTheBreaksPosition() {
        for second in Int64(420)..<510 {
            #expect(timeline.contentTime(forStreamTime: stream(second)) == content(300))
        }
        #expect(timeline.location(ofStreamTime: stream(450)) == .inBreak(id: "mid1", offset: seconds(30)))
    }

    @Test func navigationFindsNeighboursAndBreaksBetween() {
        #expect(timeline.nextBreak(afterContentTime: content(300))?.id == "mid2")
        #expect(timeline.previousBreak(beforeContentTime: content(300))?.id == "pre")
        #expect(timeline.previousBreak(beforeStreamTime: stream(450))?.id == "mid1")
        #expect(timeline.nextBreak(atOrAfterStreamTime: stream(511))?.id == "mid2")
        #expect(timeline.breaks(between: content(0), and: content(1800)).map(\.id) == ["mid1", "mid2"])
        #expect(timeline.breaks(between: content(1800), and: content(0)).map(\.id) == ["mid2", "mid1"])
        #expect(timeline.breaks(between: content(300), and: content(600)).isEmpty)
    }

    @Test func removingABreakTakesItOutOfStreamTimeAndNavigation() {
        var changed = timeline
        #expect(changed.removeBreak(id: "mid1")?.id == "mid1")
        #expect(changed.count == 3)
        #expect(changed.streamTime(forContentTime: content(900)) == stream(1110))
        #expect(changed.nextBreak(afterContentTime: content(0))?.id == "mid2")
        #expect(changed.previousBreak(beforeContentTime: content(600))?.id == "pre")
        #expect(changed.adBreak(id: "mid1") == nil)
        #expect(changed.removeBreak(id: "mid1") == nil)
        // Stitched ads stay in the main item even when the break is removed.
        #expect(changed.mainItemTime(forContentTime: content(900), afterBreak: false) == seconds(1200))
        #expect(timeline.count == 4, "the original value is untouched")
    }

    @Test func insertedBreaksAreNotPartOfTheMainItem() throws {
        let mixed = try AdTimeline(contentDuration: seconds(1000), breaks: [
            makeBreak("pre", at: .preroll, ads: [30], insertion: .inserted),
            makeBreak("mid", at: .midroll(content(500)), ads: [60]),
        ])
        #expect(mixed.streamTime(forContentTime: content(600)) == stream(690))
        #expect(mixed.mainItemTime(forContentTime: content(600), afterBreak: false) == seconds(660))
    }

    @Test func watchedStateIsPartOfTheValue() {
        var changed = timeline
        changed.markWatched("mid2")
        changed.markWatched("pre")
        changed.markWatched("unknown")
        #expect(changed.watchedBreakIDs == ["pre", "mid2"])
        #expect(!timeline.isWatched("pre"))
    }

    /// (Breaks at one position are allowed: SamePositionTests.)
    @Test func rejectsDuplicateIdsAndPositionsOutsideTheContent() {
        #expect(throws: TimelineError.self) {
            try AdTimeline(contentDuration: seconds(100), breaks: [
                makeBreak("a", at: .preroll, ads: [10]), makeBreak("a", at: .postroll, ads: [10]),
            ])
        }
        #expect(throws: TimelineError.self) {
            try AdTimeline(contentDuration: seconds(100), breaks: [makeBreak("a", at: .midroll(content(101)), ads: [10])])
        }
        #expect(throws: TimelineError.self) {
            try AdTimeline(contentDuration: nil, breaks: [makeBreak("a", at: .postroll, ads: [10])])
        }
    }
}
