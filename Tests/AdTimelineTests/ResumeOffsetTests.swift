import AdTimeline
import MediaTime
import Testing

private func s(_ value: Double) -> MediaDuration { MediaDuration(seconds: value) }
private func atContent(_ value: Double) -> ContentTime { ContentTime(seconds: value) }
private func atStream(_ value: Double) -> StreamTime { StreamTime(seconds: value) }

/// A break that resumes content at its own offset from where it was
/// scheduled (an HLS interstitial's X-RESUME-OFFSET): it plays its
/// duration, covers `resumeOffset` of content, and adds the difference.
@Suite struct ResumeOffsetTests {
    /// 60 s of content, one 5 s break at 10 s resuming `offset` after it.
    static func timeline(resumingAfter offset: Double) throws -> AdTimeline {
        try AdTimeline(contentDuration: s(60), breaks: [
            AdBreak(id: "i", position: .midroll(atContent(10)), ads: [Ad(id: "a", duration: s(5))], insertion: .inserted,
                    occupancy: .replacesContent, resumeOffset: s(offset)),
        ])
    }

    /// Resuming 6 s on (Shaka's test stream: a 5 s limit, X-RESUME-OFFSET=6):
    /// content from 10 s to 16 s is never played, and the stream is 1 s shorter.
    @Test func anOffsetPastTheBreaksEnd_skipsThatMuchContent() throws {
        let timeline = try Self.timeline(resumingAfter: 6)
        let adBreak = try #require(timeline.adBreak(id: "i"))
        #expect(timeline.streamRange(ofBreak: "i") == atStream(10)..<atStream(15))
        #expect(timeline.contentResumption(after: adBreak) == atContent(16))
        #expect(timeline.location(ofStreamTime: atStream(14)) == .inBreak(id: "i", offset: s(4)))
        #expect(timeline.location(ofStreamTime: atStream(15)) == .content(atContent(16)))
        #expect(timeline.streamTime(forContentTime: atContent(16)) == atStream(15))
        #expect(timeline.streamTime(forContentTime: atContent(20)) == atStream(19))
        #expect(timeline.contentTime(forStreamTime: atStream(19)) == atContent(20))
        #expect(timeline.streamEnd == atStream(59))
        // Content the break covers maps into it, up to its end.
        #expect(timeline.streamTime(forContentTime: atContent(12)) == atStream(12))
        #expect(timeline.streamTime(forContentTime: atContent(15.5)) == atStream(15))
    }

    /// Resuming 2 s on: 3 s of stream are added, content resumes at 12 s.
    @Test func anOffsetWithinTheBreak_addsTheRest() throws {
        let timeline = try Self.timeline(resumingAfter: 2)
        let adBreak = try #require(timeline.adBreak(id: "i"))
        #expect(timeline.contentResumption(after: adBreak) == atContent(12))
        #expect(timeline.location(ofStreamTime: atStream(15)) == .content(atContent(12)))
        #expect(timeline.streamTime(forContentTime: atContent(20)) == atStream(23))
        #expect(timeline.streamTime(forContentTime: atContent(11)) == atStream(11))
        #expect(timeline.streamEnd == atStream(63))
    }

    /// Offsets 0 and the break's duration are what the two occupancies mean.
    @Test(arguments: [(0.0, Occupancy.addsStreamTime), (5.0, .replacesContent)])
    func theTwoOccupancies_areOffsetsZeroAndTheDuration(offset: Double, occupancy: Occupancy) throws {
        let withOffset = try Self.timeline(resumingAfter: offset)
        let withOccupancy = try AdTimeline(contentDuration: s(60), breaks: [
            AdBreak(id: "i", position: .midroll(atContent(10)), ads: [Ad(id: "a", duration: s(5))], insertion: .inserted, occupancy: occupancy),
        ])
        for second in stride(from: 0.0, through: 60, by: 0.5) {
            #expect(withOffset.streamTime(forContentTime: atContent(second)) == withOccupancy.streamTime(forContentTime: atContent(second)))
            #expect(withOffset.location(ofStreamTime: atStream(second)) == withOccupancy.location(ofStreamTime: atStream(second)))
        }
        #expect(withOffset.streamEnd == withOccupancy.streamEnd)
    }

    /// Stream time never runs backwards as content time goes forward, and
    /// content that plays maps back to itself.
    @Test(arguments: [0.0, 1, 2.5, 5, 6, 9])
    func streamTime_isMonotonic_andContentThatPlaysRoundTrips(offset: Double) throws {
        let timeline = try AdTimeline(contentDuration: s(60), breaks: [
            AdBreak(id: "i", position: .midroll(atContent(10)), ads: [Ad(id: "a", duration: s(5))], insertion: .inserted,
                    occupancy: .replacesContent, resumeOffset: s(offset)),
            AdBreak(id: "j", position: .midroll(atContent(30)), ads: [Ad(id: "b", duration: s(4))], insertion: .inserted),
        ])
        var previous = StreamTime.zero
        for tenth in 0...600 {
            let time = atContent(Double(tenth) / 10)
            let mapped = timeline.streamTime(forContentTime: time)
            #expect(mapped >= previous, "\(time) maps to \(mapped), before \(previous)")
            previous = mapped
            let covered = time > atContent(10) && time < atContent(10) + s(offset)
            if !covered, time != atContent(10), time != atContent(30) {
                #expect(timeline.location(ofStreamTime: mapped) == .content(time), "\(time)")
            }
        }
    }

    /// The content a break covers may not hold another break.
    @Test func aBreakInsideTheContentAnotherCovers_isRefused() throws {
        let error = #expect(throws: TimelineError.self) {
            try AdTimeline(contentDuration: s(60), breaks: [
                AdBreak(id: "i", position: .midroll(atContent(10)), ads: [Ad(id: "a", duration: s(5))], insertion: .inserted,
                        occupancy: .replacesContent, resumeOffset: s(6)),
                AdBreak(id: "j", position: .midroll(atContent(15.5)), ads: [Ad(id: "b", duration: s(4))], insertion: .inserted),
            ])
        }
        #expect(error?.breakID == "j")
        #expect(error?.description.contains("break \"i\" occupies") == true, "\(String(describing: error))")
    }
}
