import MediaTime
import Testing

@Suite struct DecimalSecondsTests {
    @Test(arguments: [
        ("900.03", Int64(900_030_000)), ("0", 0), ("1200", 1_200_000_000), ("0.000001", 1), ("-1.5", -1_500_000),
        ("1.5e3", 1_500_000_000), ("25e-6", 25), ("0.100000", 100_000), ("007", 7_000_000),
    ])
    func parsesDecimalSecondsExactlyToTheMicrosecond(text: String, microseconds: Int64) throws {
        #expect(try MediaDuration(decimalSeconds: Substring(text)) == MediaDuration(microseconds: microseconds))
    }

    @Test(arguments: ["0.0000001", "1e-7", "12.3456789"])
    func rejectsDigitsBelowTheMicrosecond(text: String) {
        #expect(throws: DecimalSecondsError.finerThanMicroseconds) { try MediaDuration(decimalSeconds: Substring(text)) }
    }

    @Test(arguments: ["", "-", "1.2.3", "abc", "1e", "1 2", "1e99999999"])
    func rejectsTextThatIsNotANumber(text: String) {
        #expect(throws: DecimalSecondsError.self) { try MediaDuration(decimalSeconds: Substring(text)) }
    }

    @Test(arguments: [
        (Int64(900_030_000), "900.03"), (0, "0"), (1_200_000_000, "1200"), (1, "0.000001"), (-1_500_000, "-1.5"),
    ])
    func formatsWithoutFloatNoise(microseconds: Int64, text: String) {
        #expect(MediaDuration(microseconds: microseconds).decimalSeconds == text)
    }

    @Test func ptsTicksAndMicrosecondsAreBothExact() {
        #expect(Timescale.ticksPerSecond % 90_000 == 0)
        #expect(Timescale.ticksPerSecond % 1_000_000 == 0)
        let pts = MediaDuration(ticks: 123_456 * Timescale.ticksPerPTSTick)
        #expect(pts.ticks / Timescale.ticksPerPTSTick == 123_456)
    }

    @Test func instantsOfDifferentClocksSubtractToDurations() {
        let stream = StreamTime(seconds: 1200)
        let later = stream + MediaDuration(seconds: 30)
        #expect(later - stream == MediaDuration(seconds: 30))
        #expect(ContentTime(seconds: 900).decimalSeconds == "900")
    }
}
