internal import TextEcho

/// Which URLs a player may be handed. Ad responses, tracking data and
/// playlists are untrusted input: a URL from them must not make the player
/// open a local file (`file:///…`) or a player-specific source (mpv opens
/// `edl://`, `lavfi://` and `av://`; AVPlayer opens local files). Only an
/// absolute http or https URL with a host reaches a player.
///
/// ```swift
/// MediaURL.isWeb("https://cdn.example/ad.mp4")   // true
/// MediaURL.isWeb("file:///etc/passwd")           // false
/// MediaURL.isWeb("ads/ad.mp4")                   // false: relative
/// ```
public enum MediaURL {
    /// Whether `text` is an absolute `http` or `https` URL (any case) with a
    /// host, and nothing in it a URL may not hold (spaces, control characters).
    public static func isWeb(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return false }
        let lowered = bytes.prefix(8).map { $0 | 0x20 }
        let schemeLength: Int
        if lowered.starts(with: Array("https://".utf8)) {
            schemeLength = 8
        } else if lowered.starts(with: Array("http://".utf8)) {
            schemeLength = 7
        } else {
            return false
        }
        let authority = bytes[schemeLength...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? []
        let host = hostAndPort.first == UInt8(ascii: "[") ? hostAndPort : hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        return !host.isEmpty
    }

    /// Why `text` may not reach a player, in words, or nil when it may.
    public static func refusal(_ text: String) -> String? {
        guard !isWeb(text) else { return nil }
        return "\(Echo.quoted(Array(text.utf8))) is not an absolute http or https URL"
    }
}
