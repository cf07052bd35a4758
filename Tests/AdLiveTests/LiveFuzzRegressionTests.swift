import AdLive
import Foundation
import HLS
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

    /// A body whose new lines end in a bad line, after garbage bodies and
    /// before a rewritten history: every opportunity the window comes to
    /// hold was announced, though the body that brought it was a fault.
    @Test func aBodyWithABadLine_stillAnnouncesWhatItBrought() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/fuzz-bad-line-after-new-lines.m3u8", withExtension: nil))
        let bytes = Array(try Data(contentsOf: url))
        var starts = [0]
        let marker = Array("\n#EXTM3U".utf8)
        for index in bytes.indices.dropLast(marker.count - 1)
        where bytes[index..<index + marker.count].elementsEqual(marker) { starts.append(index + 1) }
        var options = LiveOptions()
        options.parse.maxLineLength = 1 << 16
        var follower = LiveFollower(url: "fuzz", options: options)
        var now = ClockTime.zero
        var announced: Set<String> = []
        var held: Set<String> = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : bytes.count
            for case .opportunityStart(let opportunity) in follower.take(Array(bytes[start..<end]), at: now) {
                announced.insert(opportunity.id)
            }
            let window = Set(follower.live?.playlist.opportunities.map(\.id) ?? [])
            #expect(window.isSubset(of: announced), "body \(number): \(window.subtracting(announced).sorted()) never announced")
            held.formUnion(window)
            now = now + follower.nextDelay
        }
        #expect(held.contains("1781298578033-101-270F"))
    }
}
