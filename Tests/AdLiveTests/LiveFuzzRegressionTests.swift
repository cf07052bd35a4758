import AdLive
import Foundation
import MediaTime
import Testing

/// Inputs the live fuzzer found that once crashed, replayed as sequences
/// of playlist bodies (a new one at each line starting `#EXTM3U`).
@Suite struct LiveFuzzRegressionTests {
    @Test(arguments: ["fuzz-realign-index.m3u8", "fuzz-backwards-range.m3u8", "fuzz-realign-shift.m3u8", "fuzz-huge-target-duration.m3u8"])
    func aSequenceThatOnceCrashed_isFollowedWithoutCrashing(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let bodies = text.components(separatedBy: "\n#EXTM3U").enumerated().map { $0.offset == 0 ? $0.element : "#EXTM3U" + $0.element }
        var follower = LiveFollower(url: "fuzz")
        var now = ClockTime.zero
        for body in bodies {
            _ = follower.take(Array(body.utf8), at: now)
            now = now + max(follower.nextDelay, MediaDuration(seconds: 1))
        }
        #expect(follower.nextDelay >= .zero)
    }
}
