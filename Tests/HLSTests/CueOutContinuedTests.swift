import HLS
import MediaTime
import Testing

/// `#EXT-X-CUE-OUT-CONT` as packagers write it: `elapsed/duration`, or
/// attributes named without regard to case, the first of each name
/// counting, `ElapsedTime` before `Elapsed`, and the cue in `SCTE35`.
@Suite struct CueOutContinuedTests {
    static let cue = "/DAlAAAAAAAA///wFAUAAAAyf+/+AZxmOP4AKT1sAAEAAAAAlPWUUQ=="

    struct Case: Sendable, CustomTestStringConvertible {
        let value: String
        let elapsed: Double?
        let duration: Double?
        let decodesCue: Bool
        var testDescription: String { value }
    }

    static let cases: [Case] = [
        Case(value: "ElapsedTime=6.006,Duration=30.030,SCTE35=\(cue)", elapsed: 6.006, duration: 30.030, decodesCue: true),
        Case(value: "12/30", elapsed: 12, duration: 30, decodesCue: false),
        Case(value: "Elapsed=5,Duration=30", elapsed: 5, duration: 30, decodesCue: false),
        Case(value: "ELAPSED=2,ELAPSEDTIME=1", elapsed: 1, duration: nil, decodesCue: false),
        Case(value: "elapsedtime=3,duration=9", elapsed: 3, duration: 9, decodesCue: false),
        Case(value: "Duration=10,Duration=20,ElapsedTime=4,ElapsedTime=8", elapsed: 4, duration: 10, decodesCue: false),
        Case(value: "DurationX=5,XDuration=6,Duration=7", elapsed: nil, duration: 7, decodesCue: false),
        Case(value: " Duration=5", elapsed: nil, duration: nil, decodesCue: false),
        Case(value: "Duration,ElapsedTime=2", elapsed: 2, duration: nil, decodesCue: false),
        Case(value: "SCTE35=\"\(cue)\",Duration=30", elapsed: nil, duration: 30, decodesCue: true),
        Case(value: "scte35=\(cue)", elapsed: nil, duration: nil, decodesCue: true),
        Case(value: "SCTE35X=\(cue)", elapsed: nil, duration: nil, decodesCue: false),
    ]

    @Test(arguments: cases)
    func readsTheValuesPackagersWrite(_ test: Case) throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-CUE-OUT:30
            #EXTINF:6,
            a.ts
            #EXT-X-CUE-OUT-CONT:\(test.value)
            #EXTINF:6,
            b.ts

            """
        let playlist = try PlaylistParser().parseMedia(text)
        let signal = try #require(playlist.signals.first { $0.tag == "#EXT-X-CUE-OUT-CONT" })
        guard case .cueOutContinued(let elapsed, let duration, let value) = signal.kind else {
            Issue.record("not a continuation: \(signal.kind)")
            return
        }
        #expect(elapsed == test.elapsed.map { MediaDuration(ticks: Int64(($0 * 9_000_000).rounded())) })
        #expect(duration == test.duration.map { MediaDuration(ticks: Int64(($0 * 9_000_000).rounded())) })
        #expect(value == test.value)
        #expect((signal.scte35 != nil) == test.decodesCue)
        #expect(playlist.warnings.isEmpty, "\(playlist.warnings)")
    }
}
