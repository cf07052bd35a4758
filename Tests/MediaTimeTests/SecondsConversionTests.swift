import Foundation
import MediaTime
import Testing

@Suite struct SecondsConversionTests {
    static let cases: [(Double, Int64)] = [
        (0.1, 900_000),
        (30.5, 274_500_000),
        (900.03, 8_100_270_000),
        (-1.5, -13_500_000),
        (1.0 / 90_000, 100),                 // one PTS tick
        (1.0 / 9_000_000, 1),                // one tick
        (0.4 / 9_000_000, 0),                // below half a tick
        (0.5 / 9_000_000, 1),                // half a tick, away from zero
        (999_999_999.999999, 8_999_999_999_999_991),
    ]

    @Test(arguments: cases)
    func secondsAreRoundedToTheNearestTick(seconds: Double, ticks: Int64) {
        #expect(MediaDuration(seconds: seconds).ticks == ticks)
        #expect(ContentTime(seconds: seconds).ticks == ticks)
    }

    @Test func anUnknownTimeNeverTraps() {
        let limit = DecimalSeconds.maxSeconds * Timescale.ticksPerSecond
        #expect(ContentTime(seconds: .nan) == .zero)
        #expect(ContentTime(seconds: .infinity).ticks == limit)
        #expect(ContentTime(seconds: -.infinity).ticks == -limit)
        #expect(MediaDuration(seconds: 1e300).ticks == limit)
    }

    @Test func integerLiteralsStillMeanWholeSeconds() {
        #expect(MediaDuration(seconds: 1800).ticks == 1800 * Timescale.ticksPerSecond)
        let whole: Int64 = 7
        #expect(StreamTime(seconds: whole).ticks == 7 * Timescale.ticksPerSecond)
    }

    struct Stored: Codable, Equatable {
        var content: ContentTime
        var length: MediaDuration
    }

    @Test func timesEncodeAsSeconds_andReadBackToTheSameTick() throws {
        let stored = Stored(content: try ContentTime(decimalSeconds: "900.03"), length: MediaDuration(ticks: 100))
        let json = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        #expect(json.contains("\"content\":900.03"), "\(json)")
        #expect(!json.contains("ticks"))
        #expect(try JSONDecoder().decode(Stored.self, from: Data(json.utf8)) == stored)
        // Every tick value within about 7 years reads back exactly.
        var generator = UInt64(12_345)
        for _ in 0..<2_000 {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let ticks = Int64(generator >> 13) % (2_000_000_000 * Timescale.ticksPerSecond / 10)
            let value = Stored(content: ContentTime(ticks: ticks), length: MediaDuration(ticks: -ticks))
            #expect(try JSONDecoder().decode(Stored.self, from: JSONEncoder().encode(value)) == value)
        }
    }

    @Test func decodingTakesDecimalStrings_andTheOldTicksForm() throws {
        let text = #"{"content": "900.03", "length": {"ticks": 100}}"#
        let stored = try JSONDecoder().decode(Stored.self, from: Data(text.utf8))
        #expect(stored.content.ticks == 8_100_270_000)
        #expect(stored.length.ticks == 100)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Stored.self, from: Data(#"{"content": "soon", "length": 1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Stored.self, from: Data(#"{"content": 1e12, "length": 1}"#.utf8))
        }
    }
}

#if canImport(CoreMedia)
import CoreMedia

/// Runs where CoreMedia exists (Apple platforms).
@Suite struct CMTimeConversionTests {
    @Test func cmTimesConvertBothWays_roundedToTheTick() {
        #expect(ContentTime(seconds: 900).cmTime == CMTime(value: 8_100_000_000, timescale: 9_000_000))
        #expect(ContentTime(CMTime(value: 1, timescale: 90_000))?.ticks == 100)
        #expect(MediaDuration(CMTime(value: 1, timescale: 600))?.ticks == 15_000)
        #expect(MediaDuration(CMTime(value: 1, timescale: 7))?.ticks == 1_285_714)
        #expect(ContentTime(.invalid) == nil)
        #expect(ContentTime(.indefinite) == nil)
        #expect(ContentTime(.positiveInfinity) == nil)
        let time = StreamTime(ticks: 123_456_789)
        #expect(StreamTime(time.cmTime) == time)
    }
}
#endif
