import AdPlayback
import Foundation
import MediaTime
import Testing

/// An app keeps a bookmark in its own JSON: the times are seconds.
@Suite struct BookmarkCodableTests {
    @Test func aBookmarkEncodesItsTimesAsSeconds_andReadsBackTheSame() throws {
        let bookmark = Bookmark(content: try ContentTime(decimalSeconds: "912.5"), watched: ["pre", "mid1"],
                                lastBreakCompletedAt: ClockTime(seconds: 640), date: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(bookmark), as: UTF8.self)
        #expect(json == #"{"content":912.5,"lastBreakCompletedAt":640,"watched":["pre","mid1"]}"#)
        #expect(try JSONDecoder().decode(Bookmark.self, from: Data(json.utf8)) == bookmark)
    }
}
