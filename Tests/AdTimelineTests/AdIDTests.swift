import AdTimeline
import Testing

/// An ad's id within its break reads as interpolation would write it.
struct AdIDTests {
    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 12_345, -1, Int.max, Int.min])
    func theIDOfAnAd_isItsBreaksID_aSlash_andItsNumber(number: Int) {
        #expect(Ad.id(inBreak: "promo-1225", number: number) == "promo-1225/\(number)")
        #expect(Ad.id(inBreak: "", number: number) == "/\(number)")
        #expect(Ad.id(inBreak: "ä-über-break", number: number) == "ä-über-break/\(number)")
    }
}
