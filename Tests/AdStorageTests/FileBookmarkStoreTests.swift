import AdPlayback
import AdStorage
import Foundation
import MediaTime
import Testing

/// A fresh directory for one test, removed when the test ends.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("bookmarks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }
}

@Suite struct FileBookmarkStoreTests {
    @Test func aSavedBookmarkLoadsBackExactly_toTheTick() throws {
        let scratch = try ScratchDirectory()
        let store = FileBookmarkStore(path: scratch.file("episode.bookmark"))
        let bookmark = Bookmark(
            content: ContentTime(ticks: 5_400_000_001), watched: ["pre", "m\"1\"", "mid-ü"],
            lastBreakCompletedAt: ClockTime(ticks: 2_700_000_003))
        try store.save(bookmark)
        #expect(try FileBookmarkStore(path: store.path).load() == bookmark)
        #expect(scratch.entries == ["episode.bookmark"])
    }

    @Test func aBookmarkWithNoCompletedBreak_keepsNil() throws {
        let scratch = try ScratchDirectory()
        let store = FileBookmarkStore(path: scratch.file("b"))
        let bookmark = Bookmark(content: .zero, watched: [])
        try store.save(bookmark)
        #expect(try store.load() == bookmark)
    }

    @Test func noFile_loadsNil() throws {
        let scratch = try ScratchDirectory()
        #expect(try FileBookmarkStore(path: scratch.file("none")).load() == nil)
    }

    @Test func aSaveReplacesTheOldBookmark_andLeavesNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        let store = FileBookmarkStore(path: scratch.file("b"))
        try store.save(Bookmark(content: ContentTime(seconds: 10), watched: ["a"]))
        try store.save(Bookmark(content: ContentTime(seconds: 20), watched: ["a", "b"]))
        #expect(try store.load() == Bookmark(content: ContentTime(seconds: 20), watched: ["a", "b"]))
        #expect(scratch.entries == ["b"])
    }

    /// A reader racing a writer sees the old bookmark or the new one whole,
    /// never an empty or half-written file: the write goes to a temporary
    /// file that is renamed over the old one.
    @Test func aReaderRacingSaves_alwaysSeesAWholeBookmark() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("b")
        let long = Bookmark(content: ContentTime(seconds: 1), watched: (0..<2_000).map { "break-\($0)" })
        let short = Bookmark(content: ContentTime(seconds: 2), watched: ["x"])
        try FileBookmarkStore(path: path).save(short)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            let store = FileBookmarkStore(path: path)
            for round in 0..<300 { try? store.save(round.isMultiple(of: 2) ? long : short) }
            finished.signal()
        }
        writer.start()
        let reader = FileBookmarkStore(path: path)
        var seen: Set<Int> = []
        for _ in 0..<600 {
            let loaded = try #require(try reader.load())
            #expect(loaded == long || loaded == short)
            seen.insert(loaded.watched.count)
        }
        finished.wait()
        #expect(try reader.load() == short)
        #expect(scratch.entries == ["b"])
    }

    @Test func aLeftoverTemporaryFileFromACrash_doesNotAffectLoading() throws {
        let scratch = try ScratchDirectory()
        let store = FileBookmarkStore(path: scratch.file("b"))
        try store.save(Bookmark(content: ContentTime(seconds: 7), watched: ["m1"]))
        try scratch.write("{\"format\":\"AdPlaybackKit bo", to: "b.123.456.tmp")
        #expect(try store.load() == Bookmark(content: ContentTime(seconds: 7), watched: ["m1"]))
    }

    @Test func savingIntoAMissingDirectory_failsWithThePathAndTheCall() throws {
        let scratch = try ScratchDirectory()
        let store = FileBookmarkStore(path: scratch.file("missing/b"))
        #expect {
            try store.save(Bookmark(content: .zero, watched: []))
        } throws: { error in
            guard case .system(let path, let operation, let code, _) = error as? BookmarkFileError else { return false }
            return path.hasPrefix(scratch.file("missing/b.")) && operation == "open" && code == ENOENT
        }
    }

    @Test func loadingADirectory_failsWithThePathAndTheCall() throws {
        let scratch = try ScratchDirectory()
        #expect {
            try FileBookmarkStore(path: scratch.path).load()
        } throws: { error in
            guard case .system(let path, _, let code, let message) = error as? BookmarkFileError else { return false }
            return path == scratch.path && code == EISDIR && !message.isEmpty
        }
    }

    @Test func aFileLargerThanAnyBookmark_isRefusedWithoutReadingItAll() throws {
        let scratch = try ScratchDirectory()
        try scratch.write(String(repeating: " ", count: BookmarkFileFormat.maxBytes + 10_000), to: "big")
        #expect {
            try FileBookmarkStore(path: scratch.file("big")).load()
        } throws: { error in
            guard case .tooLarge(_, let bytes, let limit) = error as? BookmarkFileError else { return false }
            return limit == BookmarkFileFormat.maxBytes && bytes <= limit + 4096
        }
    }
}
