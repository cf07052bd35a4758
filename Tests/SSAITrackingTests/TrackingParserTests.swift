import HLS
import MediaTime
import SSAITracking
import Testing

/// Every MediaTailor tracking answer of the conformance set, read into the
/// avails, ads and events its README states.
@Suite struct TrackingParserTests {
    private func seconds(_ text: Substring) throws -> MediaDuration { try MediaDuration(decimalSeconds: text) }
    private func stream(_ text: Substring) throws -> StreamTime { StreamTime(ticks: try seconds(text).ticks) }

    @Test func the2022QuartilesAnswer_hasOneAvailOneAd_andSixEventsAtTheirOwnTimes() throws {
        let page = try TrackingParser.parse(try Fixture.bytes("awsdocs-2022-tracking-quartiles.json"))
        #expect(page.nextToken == nil)
        let avail = try #require(page.avails.first)
        #expect(page.avails.count == 1)
        #expect(avail.id == "8104385")
        #expect(avail.start == (try stream("17.817")))
        #expect(avail.duration == (try seconds("15.1")))
        #expect(avail.isLinear)
        let ad = try #require(avail.ads.first)
        #expect(ad.id == "8104385")
        #expect(ad.events.map(\.type) == ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
        #expect(ad.events.map(\.start) == (try ["17.817", "17.817", "21.592", "25.367", "29.142", "32.917"].map { try stream($0) }))
        #expect(ad.events.map(\.eventID) == ["8104385", "8104385", "8104386", "8104387", "8104388", "8104390"],
                "impression and start share their event id")
        #expect(ad.events[2].beaconURLs == ["http://exampleadserver.com/tracking?event=firstQuartile"])
        #expect(ad.clickThrough == nil)
    }

    @Test func theClickThroughAnswer_keepsTheLandingPageApartFromTheBeacons_andHasANextToken() throws {
        let page = try TrackingParser.parse(try Fixture.bytes("awsdocs-clickthrough-nexttoken.json"))
        #expect(page.nextToken == "UFQzOS4zMzlTXzIwMjMtMDctMzFUMTY6NTQ6MDQuODA1Mzk2NTI5Wl8x")
        #expect(page.anchorMediaSequence == nil)
        let avail = try #require(page.avails.first)
        #expect(avail.id == "2698188")
        #expect(avail.programDateTime == ProgramDateTime("2023-07-31T16:53:40.577Z"))
        let ad = try #require(avail.ads.first)
        #expect(ad.id == "1")
        #expect(ad.creativeID == "00006")
        #expect(ad.creativeSequence == "1")
        #expect(ad.vastAdID == nil, "an empty vastAdId is none")
        #expect(ad.skipOffset == nil)
        #expect(ad.start == (try stream("39.339")))
        #expect(ad.duration == (try seconds("14.982")))
        #expect(ad.clickThrough == "https://aws.amazon.com")
        #expect(ad.events.map(\.type) == ["impression", "clickTracking"], "clickThrough is a landing URL, not a beacon")
    }

    @Test func theOverlayAnswer_isANonLinearAvailOfZeroSeconds_withItsBreakEvents() throws {
        let page = try TrackingParser.parse(try Fixture.bytes("awsdocs-overlay-breakstart-zero-duration.json"))
        let avail = try #require(page.avails.first)
        #expect(avail.id == "828")
        #expect(avail.duration == .zero)
        #expect(avail.start == (try stream("106.08")))
        #expect(avail.ads.isEmpty)
        #expect(!avail.isLinear, "overlays only: never a break")
        #expect(avail.breakEvents.map(\.type) == ["breakStart", "breakEnd"])
        #expect(avail.breakEvents.map(\.beaconURLs) == [["https://adserver.com/beacon=breakstartimpression"], ["https://adserver.com/beacon=breakendimpression"]])
        let group = try #require(avail.nonLinearAds.first)
        #expect(group.ads.map(\.creativeID) == ["18"])
        #expect(group.ads.first?.id == nil, "an empty adId is none")
        #expect(group.ads.first?.width == 640)
        #expect(group.ads.first?.resource == "https://client-side-ads.com/tags/static/ctv-generic/overlay001.json?iv_geo_country%3DUS%26")
        #expect(group.events.map(\.type) == ["impression"])
        #expect(page.nextToken == nil)
    }

    @Test func theCreativeIDAnswer_keepsItsPercentEncodedNextTokenAsWritten() throws {
        let page = try TrackingParser.parse(try Fixture.bytes("awsdocs-tracking-api-creativeid-nexttoken.json"))
        #expect(page.nextToken == "UFQ1TTM0Ljk2N1NfMjAyMi0xMS0xOFQwNDozMzo1Mi4yNDUxOTdaXzE%3D")
        let ad = try #require(page.avails.first?.ads.first)
        #expect(ad.id == "5")
        #expect(ad.creativeID == "1234")
        #expect(ad.creativeSequence == "2")
        #expect(ad.title == "AD-caribbean2-15")
        #expect(ad.start == StreamTime(seconds: 30))
        #expect(ad.duration == MediaDuration(seconds: 15))
    }

    @Test func skipOffsetsCompanionsAndVerifications_areKeptForTheTracker() throws {
        let json = """
        {"avails": [{"availId": "a", "startTimeInSeconds": 10, "durationInSeconds": 30, "ads": [
          {"adId": "x", "startTimeInSeconds": 10, "durationInSeconds": 30, "skipOffset": "00:00:05.500",
           "companionAds": [{"attributes": {"id": "c1", "width": "300", "height": "250"}, "staticResource": "https://ads.example/banner.png",
                             "companionClickThrough": "https://shop.example", "companionClickTracking": "https://t.example/cc",
                             "trackingEvents": [{"eventType": "creativeView", "beaconUrls": ["https://t.example/cv"]}]}],
           "adVerifications": [{"vendor": "iabtechlab.com-omid", "javaScriptResource": [{"apiFramework": "omid", "uri": "https://v.example/omid.js"}],
                                "verificationParameters": "p=1", "trackingEvents": [{"event": "verificationNotExecuted", "uri": "https://v.example/ne?[REASON]"}]}],
           "trackingEvents": [{"eventType": "skip", "beaconUrls": ["https://t.example/skip"]}]},
          {"adId": "y", "startTimeInSeconds": 40, "durationInSeconds": 10, "skipOffset": "25%"}]}]}
        """
        let avail = try #require(try TrackingParser.parse(Array(json.utf8)).avails.first)
        #expect(avail.ads[0].skipOffset == .time(try seconds("5.5")))
        #expect(avail.ads[1].skipOffset == .percent(25))
        #expect(SkipOffset.percent(25).offset(inAdOf: MediaDuration(seconds: 10)) == (try seconds("2.5")))
        let companion = try #require(avail.ads[0].companions.first)
        #expect(companion.id == "c1")
        #expect(companion.width == 300 && companion.height == 250)
        #expect(companion.resource == "https://ads.example/banner.png")
        #expect(companion.clickThrough == "https://shop.example")
        #expect(companion.events.map(\.type) == ["creativeView", "clickTracking"])
        let verification = try #require(avail.ads[0].verifications.first)
        #expect(verification.vendor == "iabtechlab.com-omid")
        #expect(verification.scripts == ["https://v.example/omid.js"])
        #expect(verification.parameters == "p=1")
        #expect(verification.events.map(\.type) == ["verificationNotExecuted"])
    }

    @Test func isoDurations_areReadExactlyToTheMicrosecond() throws {
        #expect(ISODuration.parse("PT15.100000078S") == (try seconds("15.1")))
        #expect(ISODuration.parse("PT1M46.08S") == (try seconds("106.08")))
        #expect(ISODuration.parse("P1DT1H") == MediaDuration(seconds: 90_000))
        #expect(ISODuration.parse("PT0S") == .zero)
        for bad in ["", "P", "PT", "15S", "PT1.5M", "PTS", "PT-1S", "P1H", "PT1H1D"] { #expect(ISODuration.parse(bad) == nil, "\(bad)") }
    }

    @Test(arguments: [
        ("{\"avails\": 3}", "$.avails", "expected an array, got a number"),
        ("{\"avails\": [{\"startTimeInSeconds\": 1}]}", "$.avails[0]", "missing \"availId\""),
        ("{\"avails\": [{\"availId\": \"a\"}]}", "$.avails[0]", "missing \"startTimeInSeconds\""),
        ("{\"avails\": [{\"availId\": \"a\", \"startTimeInSeconds\": -4}]}", "$.avails[0].startTimeInSeconds", "must not be negative"),
        ("{\"avails\": [{\"availId\": \"a\", \"startTimeInSeconds\": \"10\"}]}", "$.avails[0].startTimeInSeconds", "expected a number of seconds"),
        ("{\"avails\": [{\"availId\": \"a\", \"startTimeInSeconds\": 1, \"ads\": [{\"adId\": \"x\", \"startTimeInSeconds\": 1, \"durationInSeconds\": 1e999}]}]}",
         "$.avails[0].ads[0].durationInSeconds", "out of range: at most 1000000000 seconds"),
        ("{\"avails\": [{\"availId\": \"a\", \"startTime\": \"PT1H1D\"}]}", "$.avails[0].startTime", "ISO 8601 duration"),
        ("{\"avails\": [{\"availId\": \"a\", \"startTimeInSeconds\": 1, \"availProgramDateTime\": \"yesterday\"}]}", "$.avails[0].availProgramDateTime", "ISO 8601 date"),
        ("{\"avails\": [{\"availId\": \"a\", \"startTimeInSeconds\": 1, \"ads\": [{\"adId\": \"x\", \"startTimeInSeconds\": 1, \"skipOffset\": \"soon\"}]}]}",
         "$.avails[0].ads[0].skipOffset", "HH:MM:SS"),
        ("[1, 2]", "$", "expected an object"),
        ("{\"avails\": [", "$", "not JSON"),
    ])
    func badAnswers_sayWhatAndWhere(json: String, path: String, message: String) {
        #expect {
            _ = try TrackingParser.parse(Array(json.utf8))
        } throws: { error in
            guard let error = error as? TrackingDataError else { return false }
            return error.path == path && error.message.contains(message) && error.line != nil
        }
    }

    @Test func sessionAnswers_giveTheirURLs_andSayWhatIsMissing() throws {
        let answer = try SessionAnswer.parse(Array(#"{"manifestUrl": "/v1/master/a/b/c.m3u8?aws.sessionId=1", "trackingUrl": "/v1/tracking/a/b/1"}"#.utf8))
        #expect(answer.manifestURL == "/v1/master/a/b/c.m3u8?aws.sessionId=1")
        #expect(answer.trackingURL == "/v1/tracking/a/b/1")
        #expect(try SessionAnswer.parse(Array(#"{"manifestUrl": "m.m3u8", "trackingUrl": ""}"#.utf8)).trackingURL == nil)
        #expect(throws: TrackingDataError.self) { try SessionAnswer.parse(Array(#"{"trackingUrl": "t"}"#.utf8)) }
        #expect(throws: TrackingDataError.self) { try SessionAnswer.parse(Array("<html>".utf8)) }
        let body = String(decoding: SessionAnswer.requestBody(adsParams: [("deviceType", "ios")], manifestParams: [("a\"b", "1")]), as: UTF8.self)
        #expect(body == #"{"adsParams":{"deviceType":"ios"},"manifestParams":{"a\"b":"1"},"reportingMode":"client"}"#)
    }
}
