import MediaTime
import Testing
import VAST

@Suite struct VASTTimeTests {
    @Test(arguments: [
        ("00:00:15", 15 * 9_000_000), ("00:00:15.250", 15 * 9_000_000 + 2_250_000), ("01:02:03", 3_723 * 9_000_000),
        ("00:10:23.125", 623 * 9_000_000 + 1_125_000), ("00:00:00.000001", 9), ("100:00:00", 360_000 * 9_000_000),
    ] as [(String, Int64)])
    func duration_readsExactly(_ text: String, _ ticks: Int64) {
        #expect(VASTTime.duration(text) == MediaDuration(ticks: ticks))
    }

    @Test(arguments: ["", "15", "00:15", "00:60:00", "00:00:60", "00:00:1x", "00:00:15.", "00:00:15.0000001", "-1:00:00",
                      "00:00:15.25.1", " 00:00:15"])
    func duration_refusesWhatIsNotHHMMSS(_ text: String) {
        #expect(VASTTime.duration(text) == nil)
    }

    @Test func offset_readsTimesAndPercents() {
        #expect(VASTTime.offset("25%") == .percent(25))
        #expect(VASTTime.offset("100%") == .percent(100))
        #expect(VASTTime.offset("101%") == nil)
        #expect(VASTTime.offset("12.5%") == nil)
        #expect(VASTTime.offset("00:00:05") == .time(MediaDuration(seconds: 5)))
        #expect(Offset.percent(25).time(in: MediaDuration(seconds: 30)) == MediaDuration(ticks: 30 * 9_000_000 / 4))
    }
}
