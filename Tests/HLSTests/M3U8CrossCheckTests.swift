import Foundation
import HLS
import MediaTime
import Testing

/// Compares segment counts, durations and PROGRAM-DATE-TIME with the Python
/// `m3u8` package on every media playlist fixture. Skips itself when python3
/// or `m3u8` is not installed; the rest of the suite never needs them.
@Suite(.enabled(if: M3U8.available, "python3 with the m3u8 package is not installed"))
struct M3U8CrossCheckTests {
    @Test(arguments: Fixture.allPlaylists)
    func segmentsDurationsAndDatesAgreeWithM3U8(_ name: String) throws {
        let parsed = try PlaylistParser().parse(try Fixture.bytes(name))
        let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
        let theirs = try #require(M3U8.segments(of: url))
        // A multivariant playlist lists variants, not segments: m3u8 must find none either.
        guard case .media(let playlist) = parsed else {
            #expect(theirs.isEmpty, "\(name) is multivariant, yet m3u8 found \(theirs.count) segments")
            return
        }
        #expect(playlist.segments.count == theirs.count, "\(name)")
        for (segment, their) in zip(playlist.segments, theirs) {
            #expect(segment.duration.ticks == their.durationTicks, "\(name) segment \(segment.mediaSequence)")
            #expect(segment.programDateTime.map { $0.ticksSinceEpoch / 9 } == their.dateMicroseconds,
                    "\(name) segment \(segment.mediaSequence)")
        }
    }
}

enum M3U8 {
    static let script = """
        import sys, json, datetime, decimal, m3u8
        playlist = m3u8.load(sys.argv[1])
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        out = []
        # m3u8 lists the segment still being produced (only parts, no URI) as a
        # segment; it is `pendingParts` here, so compare complete segments.
        for s in [s for s in playlist.segments if s.uri is not None]:
            ticks = int(decimal.Decimal(repr(s.duration)) * 9000000)
            date = None
            if s.program_date_time is not None:
                date = (s.program_date_time - epoch) // datetime.timedelta(microseconds=1)
            out.append([ticks, date])
        print(json.dumps(out))
        """

    static let available: Bool = run(["-c", "import m3u8"]) != nil

    static func segments(of url: URL) -> [(durationTicks: Int64, dateMicroseconds: Int64?)]? {
        guard let output = run(["-c", script, url.path]),
              let rows = try? JSONSerialization.jsonObject(with: output) as? [[Any]] else { return nil }
        return rows.map { row in
            ((row[0] as? NSNumber)?.int64Value ?? -1, (row[1] as? NSNumber)?.int64Value)
        }
    }

    private static func run(_ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}
