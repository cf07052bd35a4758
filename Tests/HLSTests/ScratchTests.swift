import Foundation
import HLS
import Testing

@Suite struct Scratch {
    @Test func show() throws {
        for name in ["long_media_playlist.m3u8", "mamba/hls_variant_playlist_with_daterange_metadata.m3u8"] {
            let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
            let playlist = try PlaylistParser().parseMedia(Array(try Data(contentsOf: url)))
            print(name, playlist.segments.count, playlist.signals.count, playlist.duration)
            for o in playlist.opportunities { print(o.id, o.start, o.duration as Any, o.isOpen, o.sources, o.ending as Any, o.programDateTime as Any) }
            for b in playlist.blackouts { print(b) }
            for w in playlist.warnings.prefix(10) { print(w) }
        }
    }
}
