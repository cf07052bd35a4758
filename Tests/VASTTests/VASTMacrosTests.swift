import AdPlaybackTestSupport
import Foundation
import MediaTime
import Testing
import VAST

/// Filling VAST macros: known names percent-encoded, unknown ones and stray
/// brackets left exactly as written.
@Suite struct VASTMacrosTests {
    @Test(arguments: [
        ("https://t.example/e?c=[ERRORCODE]&t=[TIMESTAMP]", "https://t.example/e?c=303&t=2026-11-23T10%3A00%3A00.000Z"),
        ("https://t.example/v?m=[AD_MT]&v=[VIEWABILITY]", "https://t.example/v?m=[AD_MT]&v=[VIEWABILITY]"),
        ("https://t.example/a[b", "https://t.example/a[b"),
        ("https://t.example/[ERRORCODE]/x[", "https://t.example/303/x["),
        ("no macros", "no macros"),
    ])
    func fill(template: String, expected: String) {
        #expect(VASTMacros.fill(template, ["ERRORCODE": "303", "TIMESTAMP": "2026-11-23T10:00:00.000Z"]) == expected)
    }

    @Test func valuesArePercentEncoded() {
        let filled = VASTMacros.fill(
            "https://t.example/b?asset=[ASSETURI]&ph=[ADPLAYHEAD]",
            ["ASSETURI": "https://cdn.example/ad 1.mp4?x=1&y=2", "ADPLAYHEAD": "00:00:07.500"])
        #expect(filled == "https://t.example/b?asset=https%3A%2F%2Fcdn.example%2Fad%201.mp4%3Fx%3D1%26y%3D2&ph=00%3A00%3A07.500")
    }

    @Test(arguments: [
        (MediaDuration.zero, "00:00:00.000"),
        (MediaDuration(microseconds: 7_500_999), "00:00:07.500"),
        (MediaDuration(seconds: 3_723), "01:02:03.000"),
        (MediaDuration(seconds: 360_000), "100:00:00.000"),
        (MediaDuration(seconds: -5), "00:00:00.000"),
    ])
    func playhead(time: MediaDuration, expected: String) {
        #expect(VASTMacros.playhead(time) == expected)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (Int64(1_795_428_000_123), "2026-11-23T10:00:00.123Z"),
        (Int64(951_782_400_000), "2000-02-29T00:00:00.000Z"),
        (Int64(-1), "1969-12-31T23:59:59.999Z"),
        (Int64(4_102_444_799_999), "2099-12-31T23:59:59.999Z"),
    ])
    func timestamp(milliseconds: Int64, expected: String) {
        #expect(VASTMacros.timestamp(milliseconds: milliseconds) == expected)
    }

    @Test func timestampAgreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SplitMixGenerator(seed: 3)
        for _ in 0..<500 {
            let millis = Int64.random(in: 0..<8_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            #expect(VASTMacros.timestamp(milliseconds: millis) == formatter.string(from: date))
        }
    }

    @Test func cachebustingIsEightDigits() {
        var generator = SplitMixGenerator(seed: 7)
        var seen: Set<String> = []
        for _ in 0..<1000 {
            let value = VASTMacros.cachebusting(using: &generator)
            #expect(value.count == 8 && value.allSatisfy(\.isNumber))
            seen.insert(value)
        }
        #expect(seen.count > 990)
    }
}
