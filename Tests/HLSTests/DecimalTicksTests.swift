@testable import HLS
import Testing

/// `decimal-floating-point` values (EXTINF durations, DURATION=, TIME=) as 9 MHz ticks.
@Suite struct DecimalTicksTests {
    private func ticks(_ text: String, signed: Bool = false) -> Int64? { Numbers.ticks(text, signed: signed) }

    @Test(arguments: [
        ("6.006", 54_054_000), ("0.5", 4_500_000), ("10", 90_000_000), ("10.", 90_000_000), (".25", 2_250_000),
        ("2.000001", 18_000_009), ("1.0000001", 9_000_001), ("1.00000005", 9_000_000), ("1.00000006", 9_000_001),
        ("0.123456789123", 1_111_111), ("999999999.999999", 8_999_999_999_999_991),
    ] as [(String, Int64)])
    func readsExactly_andRoundsFinerDigitsToTheNearestTick(text: String, expected: Int64) {
        #expect(ticks(text) == expected)
    }

    @Test func aMinusOnlyWhereSigned_andNothingThatIsNotADecimal() {
        #expect(ticks("-1.5", signed: true) == -13_500_000)
        #expect(ticks("-1.5") == nil)
        for bad in ["", ".", "1.2.3", "1e3", " 1", "1,5", "1000000000"] { #expect(ticks(bad) == nil, "\(bad)") }
    }

    /// Every count of fractional digits, each value against the rounding
    /// formula: the digits' value times the rate, over the scale, to the nearest tick.
    @Test func everyCountOfFractionalDigits_agreesWithTheRoundingFormula() {
        var generator = SystemRandomNumberGenerator()
        for digits in 1...9 {
            var scale: Int64 = 1
            for _ in 0..<digits { scale *= 10 }
            for _ in 0..<200 {
                let whole = Int64.random(in: 0...99_999, using: &generator)
                let fraction = Int64.random(in: 0..<scale, using: &generator)
                let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
                let expected = whole * 9_000_000 + (fraction * 9_000_000 + scale / 2) / scale
                #expect(ticks("\(whole).\(padded)") == expected, "\(whole).\(padded)")
            }
        }
    }
}
