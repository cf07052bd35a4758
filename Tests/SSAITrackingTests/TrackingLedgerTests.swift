import MediaTime
import SSAITracking
import Testing

/// Polls merged by key: incomplete live answers filled in, pages joined,
/// nothing known dropped, withdrawn avails removed, overlays kept apart.
@Suite struct TrackingLedgerTests {
    private func page(_ json: String) throws -> TrackingResponse { try TrackingParser.parse(Array(json.utf8)) }

    private func names(_ changes: [TrackingChange]) -> [String] {
        changes.map { change in
            switch change {
            case .availStart(let avail): "availStart \(avail.id)"
            case .availUpdate(let avail): "availUpdate \(avail.id)"
            case .availRemoved(let avail): "availRemoved \(avail.id)"
            case .adStart(let avail, let ad): "adStart \(avail)/\(ad.id)"
            case .adUpdate(let avail, let ad): "adUpdate \(avail)/\(ad.id)"
            case .nonLinearAvail(let avail): "nonLinear \(avail.id)"
            }
        }
    }

    /// An avail first listed with no ads and no duration, then with one ad
    /// of unknown length and only its impression, then complete.
    @Test func anIncompleteLiveAvail_isFilledInPollAfterPoll_andNothingKnownIsLost() throws {
        var ledger = TrackingLedger()
        let bare = try page(#"{"avails": [{"availId": "7", "startTimeInSeconds": 20, "durationInSeconds": 0, "ads": []}]}"#)
        #expect(names(ledger.merge([bare], windowStart: .zero)) == ["availStart 7"])
        let partial = try page("""
            {"avails": [{"availId": "7", "startTimeInSeconds": 20, "durationInSeconds": 30, "ads": [
              {"adId": "a", "startTimeInSeconds": 20, "durationInSeconds": 0,
               "trackingEvents": [{"eventType": "impression", "beaconUrls": ["https://t/imp"], "startTimeInSeconds": 20}]}]}]}
            """)
        #expect(names(ledger.merge([partial], windowStart: .zero)) == ["availUpdate 7", "adStart 7/a"])
        let complete = try page("""
            {"avails": [{"availId": "7", "startTimeInSeconds": 20, "durationInSeconds": 30, "ads": [
              {"adId": "a", "startTimeInSeconds": 20, "durationInSeconds": 15,
               "trackingEvents": [{"eventType": "impression", "beaconUrls": ["https://t/imp", "https://t/imp2"], "startTimeInSeconds": 20},
                                  {"eventType": "complete", "beaconUrls": ["https://t/done"], "startTimeInSeconds": 35}]},
              {"adId": "b", "startTimeInSeconds": 35, "durationInSeconds": 15}]}]}
            """)
        #expect(names(ledger.merge([complete], windowStart: .zero)) == ["availUpdate 7", "adUpdate 7/a", "adStart 7/b"])
        #expect(names(ledger.merge([complete], windowStart: .zero)).isEmpty, "the same answer again changes nothing")
        // A later, thinner answer (durations 0, an ad and an event missing) loses nothing.
        #expect(names(ledger.merge([partial], windowStart: .zero)).isEmpty)
        let avail = try #require(ledger.avails["7"])
        #expect(avail.duration == MediaDuration(seconds: 30))
        #expect(avail.ads.map(\.id) == ["a", "b"])
        #expect(avail.ads[0].duration == MediaDuration(seconds: 15))
        #expect(avail.ads[0].events.map(\.type) == ["impression", "complete"])
        #expect(avail.ads[0].events[0].beaconURLs == ["https://t/imp", "https://t/imp2"])
    }

    @Test func pagesOfOnePoll_areMergedAsOneAnswer() throws {
        var ledger = TrackingLedger()
        let first = try page(#"{"avails": [{"availId": "1", "startTimeInSeconds": 10, "durationInSeconds": 5}], "nextToken": "abc"}"#)
        let second = try page(#"{"avails": [{"availId": "2", "startTimeInSeconds": 40, "durationInSeconds": 5}]}"#)
        #expect(names(ledger.merge([first, second], windowStart: .zero)) == ["availStart 1", "availStart 2"])
        #expect(ledger.orderedAvails.map(\.id) == ["1", "2"])
    }

    @Test func anAvailTheServerStopsListing_isRemovedInsideTheWindow_andForgottenOutsideIt() throws {
        var ledger = TrackingLedger()
        let both = try page("""
            {"avails": [{"availId": "old", "startTimeInSeconds": 10, "durationInSeconds": 5},
                        {"availId": "new", "startTimeInSeconds": 60, "durationInSeconds": 5}]}
            """)
        _ = ledger.merge([both], windowStart: .zero)
        #expect(names(ledger.merge([try page(#"{"avails": []}"#)], windowStart: StreamTime(seconds: 30))) == ["availRemoved new"])
        #expect(ledger.avails.isEmpty, "the old one left the window: forgotten, not withdrawn")
        // VOD (no window): nothing left out is withdrawn.
        var vod = TrackingLedger()
        _ = vod.merge([both], windowStart: nil)
        #expect(names(vod.merge([try page(#"{"avails": []}"#)], windowStart: nil)).isEmpty)
        #expect(vod.avails.count == 2)
    }

    @Test func overlayAvails_areKeptApartFromLinearOnes() throws {
        var ledger = TrackingLedger()
        let overlay = try TrackingParser.parse(try Fixture.bytes("awsdocs-overlay-breakstart-zero-duration.json"))
        let linear = try TrackingParser.parse(try Fixture.bytes("awsdocs-2022-tracking-quartiles.json"))
        #expect(names(ledger.merge([overlay, linear], windowStart: .zero)) == ["nonLinear 828", "availStart 8104385", "adStart 8104385/8104385"])
        #expect(Array(ledger.avails.keys) == ["8104385"])
        #expect(Array(ledger.nonLinearAvails.keys) == ["828"])
    }
}
