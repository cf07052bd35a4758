@testable import AdResolvers
import Foundation
import Testing

/// A plain absolute HTTP asset URI skips the URL parse: only one a parse
/// would give back unchanged may.
struct InterstitialURLTests {
    @Test(arguments: [
        "https://ads.example.com/promo/1225/master.m3u8",
        "http://127.0.0.1:8080/live/ad.m3u8",
        "https://cdn-1.example.net/a/b;v=2/c%20d/e_f~g.m3u8",
        "https://ads.example/",
        "http://a",
    ])
    func aPlainURI_takesTheFastPath_andAParseGivesItBackUnchanged(_ uri: String) throws {
        #expect(InterstitialResolver.isPlainHTTP(uri))
        #expect(try #require(URL(string: uri)).absoluteString == uri)
    }

    @Test(arguments: [
        "ads/a.m3u8", "/live/a.m3u8", "HTTPS://ads.example/a.m3u8", "ftp://ads.example/a",
        "https://ads.example/a.m3u8?x=1", "https://ads.example/a.m3u8#t=1", "https://ads.example/a b.m3u8",
        "https://ads.example/a%2.m3u8", "https://ads.example:port/a", "https:///a", "https://user@ads.example/a",
        "https://ads.example/ä.m3u8", "data:application/x-mpegURL,#EXTM3U",
        // Schemes a byte away from http:// or https://.
        "http:/a.example/x", "https:/a.example/x", "httpx://a.example/", "https:://a.example/", "hTtp://a.example/",
        "http", "http:", "http://", "https://",
    ])
    func anythingElse_takesTheGeneralPath(_ uri: String) {
        #expect(!InterstitialResolver.isPlainHTTP(uri))
    }

    /// Each ASCII byte in a path: plain exactly when it is a letter, a digit
    /// or one of RFC 3986's path punctuation, and then a parse gives it back.
    @Test func everyPathByte_isPlainExactlyWhenItIsAPathCharacter() throws {
        let punctuation = Set("-._~!$&'()*+,;=:@/".utf8)
        for byte in UInt8(0)..<128 where byte != UInt8(ascii: "%") {
            let uri = "https://ads.example/a" + String(decoding: [byte], as: UTF8.self) + "b.m3u8"
            let isPathCharacter = punctuation.contains(byte) || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            #expect(InterstitialResolver.isPlainHTTP(uri) == isPathCharacter, "byte \(byte)")
            if isPathCharacter { #expect(try #require(URL(string: uri)).absoluteString == uri, "byte \(byte)") }
        }
    }
}
