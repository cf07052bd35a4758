import Foundation
import HLS

/// Reads fixture files from the test bundle.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(try Data(contentsOf: url))
    }

    static func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }

    static func media(_ name: String, options: ParseOptions = ParseOptions()) throws -> MediaPlaylist {
        try PlaylistParser(options: options).parseMedia(try bytes(name))
    }

    /// Every playlist fixture, by path under Fixtures/.
    static var allPlaylists: [String] {
        let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        let mamba = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("mamba").path)) ?? []
        let live = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("live").path)) ?? []
        let top = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return (top.filter { $0.hasSuffix(".m3u8") } + mamba.filter { $0.hasSuffix(".m3u8") }.map { "mamba/" + $0 }
            + live.filter { $0.hasSuffix(".m3u8") }.map { "live/" + $0 }).sorted()
    }
}
