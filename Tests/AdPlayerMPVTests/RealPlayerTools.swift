import AdPlaybackTestSupport
import Foundation
import Testing

/// Every test that plays on a real mpv, one at a time: two players at once
/// on a small machine would stall each other, and each test checks that no
/// mpv is left when it is done.
@Suite(.serialized) struct RealPlayerTests {}

/// mpv and ffmpeg, when this machine has them. Where they are missing the
/// real-player tests are skipped with one line saying what to install,
/// unless `ADPLAY_REAL_PLAYER=required` (as `.ci/run` sets it): then a
/// missing tool is a failure, never a skip.
enum RealPlayerTools {
    static let install = "apt-get install -y --no-install-recommends mpv ffmpeg (Debian, Ubuntu) or brew install mpv ffmpeg (macOS)"

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isRequired: Bool { ProcessInfo.processInfo.environment["ADPLAY_REAL_PLAYER"] == "required" }

    /// Whether a real-player test can run: the tools are here. When they are
    /// not, it says what to install, and it is a failure where they are required.
    static func canRun() -> Bool {
        guard available else {
            #expect(!isRequired, "mpv and ffmpeg are required here: \(install)")
            return false
        }
        return true
    }

    /// Whether the tools are here; says what to install when not.
    static var available: Bool {
        let missing = ["mpv", "ffmpeg"].filter { find($0) == nil }
        guard missing.isEmpty else {
            print("Real-player tests skipped: \(missing.joined(separator: " and ")) not found; install with \(install)")
            return false
        }
        return true
    }
}

/// Test media made with ffmpeg at test time: short HLS streams of a test
/// pattern and a tone, a keyframe every second, 1 s segments.
enum TestMedia {
    /// The media the real-player tests share, made once per test run:
    /// 12 s of content (`content.m3u8`), a 5 s ad (`ad.m3u8`), a 4 s ad
    /// (`ad2.m3u8`), and a 16 s stream of 12 s of content with a 4 s ad
    /// stitched in at 6 s, its timestamps continuous (`stitched.m3u8`).
    static func standard() throws -> [String: [UInt8]] { try made.get() }

    /// A started loopback server serving ``standard()``, each file at `/NAME`.
    static func server() async throws -> LoopbackAdServer {
        let server = LoopbackAdServer()
        try await server.start()
        for (name, bytes) in try standard() {
            await server.serve("/\(name)", .file(bytes, contentType: name.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t"))
        }
        return server
    }

    /// A live origin's media, made once per test run: 60 s of one stream
    /// with continuous timestamps, each 1 s segment at the path
    /// ``AdPlaybackTestSupport/LiveOriginScript`` names it (`/s0.ts` …
    /// `/s59.ts`), and ``standard()`` beside them (`/content.m3u8`, …).
    static func live() throws -> [String: [UInt8]] { try liveMade.get() }

    private static let liveMade = Result { () throws -> [String: [UInt8]] in
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in try standard() { files["/\(name)"] = bytes }
        for (name, bytes) in try hls("live", seconds: 60, frequency: 330) where name.hasSuffix(".ts") {
            guard let index = Int(name.dropFirst("live".count).dropLast(".ts".count)) else { continue }
            files["/s\(index).ts"] = bytes
        }
        return files
    }

    private static let made = Result { () throws -> [String: [UInt8]] in
        var files: [String: [UInt8]] = [:]
        for (name, seconds, frequency) in [("content", 12, 440), ("ad", 5, 880), ("ad2", 4, 660), ("stitched", 16, 550)] {
            files.merge(try hls(name, seconds: seconds, frequency: frequency)) { $1 }
        }
        return files
    }

    /// The files of a stream named `name` of `seconds`, as path → bytes.
    static func hls(_ name: String, seconds: Int, frequency: Int) throws -> [String: [UInt8]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: RealPlayerTools.find("ffmpeg") ?? "/usr/bin/ffmpeg")
        ffmpeg.currentDirectoryURL = directory
        ffmpeg.arguments = [
            "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100", "-t", "\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "64k", "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
            "-hls_segment_filename", "\(name)%03d.ts", "\(name).m3u8",
        ]
        ffmpeg.standardOutput = FileHandle.nullDevice
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        var files: [String: [UInt8]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[file] = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        return files
    }
}
