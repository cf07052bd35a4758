import FuzzDriver
import HLS
import MediaTime

/// Any bytes as a playlist: parsing either throws an HLSError or yields a
/// playlist whose segments tile stream time, and whose live refresh (the
/// first half of the lines, then the whole) reaches the same segments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = ParseOptions()
    options.maxLines = 50_000
    options.maxLineLength = 1 << 16
    options.subscribedTags = ["#EXT-OATCLS-SCTE35", "#EXT-X-DATERANGE", "#EXT-X-CUSTOM"]
    options.importedVariables = ["host": "example.com"]
    let parser = PlaylistParser(options: options)
    guard let playlist = try? parser.parse(bytes) else { return 0 }
    guard case .media(let media) = playlist else { return 0 }
    check(media)
    let lineStarts = bytes.indices.filter { $0 == 0 || bytes[$0 - 1] == 0x0A }
    guard lineStarts.count > 2, var live = try? LivePlaylist(Array(bytes[..<lineStarts[lineStarts.count / 2]]), options: options)
    else { return 0 }
    if (try? live.refresh(with: bytes)) != nil {
        check(live.playlist)
        if let last = live.playlist.segments.last, let expected = media.segments.last, !live.playlist.endList || true {
            guard last.mediaSequence == expected.mediaSequence || media.skip != nil else {
                fatalError("refresh ended at \(last.mediaSequence), the whole parse at \(expected.mediaSequence)")
            }
        }
    }
    _ = try? live.refresh(with: bytes)
    return 0
}

private func check(_ playlist: MediaPlaylist) {
    var previous: MediaSegment?
    for segment in playlist.segments {
        if let previous, previous.end != segment.start { fatalError("segments do not tile stream time") }
        _ = playlist.uri(of: segment)
        _ = playlist.title(of: segment)
        previous = segment
    }
    for opportunity in playlist.opportunities {
        if let duration = opportunity.duration, !opportunity.isOpen, duration < .zero { fatalError("negative duration") }
    }
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("HLSFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
