import Testing
import VAST

@Suite struct MediaFileChoiceTests {
    /// Inline_Simple's three MP4s: 2000, 1000 and 600 kbit/s at 1280×720, 854×480 and 640×360.
    let files: [MediaFile] = {
        let document = try? VASTParser().parse(try Fixture.bytes("vast/iab-4.2/Inline_Simple.xml"))
        return document?.ads.first?.common.creatives.first?.linear?.mediaFiles ?? []
    }()

    @Test(arguments: [(2_500, "5241"), (1_100, "5244"), (650, "5246"), (100, "5246")] as [(Int, String)])
    func closestBitrate_wins(_ target: Int, _ id: String) throws {
        #expect(files.count == 3)
        let choice = MediaFileChoice(types: ["video/mp4"], targetBitrate: target)
        #expect(try choice.best(of: files).id == id)
    }

    @Test func closestSize_breaksTies_andDocumentOrderAfterThat() throws {
        #expect(try MediaFileChoice(types: ["video/mp4"], targetWidth: 800, targetHeight: 450).best(of: files).id == "5244")
        #expect(try MediaFileChoice(types: ["video/mp4"]).best(of: files).id == "5241")
    }

    @Test func preferredType_winsOverBitrate() throws {
        var hls = MediaFile(url: "https://example.com/ad.m3u8")
        hls.type = "application/x-mpegURL"
        hls.delivery = "streaming"
        hls.bitrate = 5_000
        let choice = MediaFileChoice(types: ["application/x-mpegurl", "video/mp4"], targetBitrate: 600)
        #expect(try choice.best(of: files + [hls]).url == hls.url)
        let progressiveOnly = MediaFileChoice(types: ["application/x-mpegurl", "video/mp4"], deliveries: ["progressive"], targetBitrate: 600)
        #expect(try progressiveOnly.best(of: files + [hls]).id == "5246")
    }

    @Test func vpaidAndUnknownTypes_areNotPlayable_error403() {
        var vpaid = MediaFile(url: "https://example.com/vpaid.js")
        vpaid.type = "application/javascript"
        vpaid.apiFramework = "VPAID"
        let error = #expect(throws: VASTError.self) {
            try MediaFileChoice(types: ["video/webm", "application/javascript"]).best(of: files + [vpaid])
        }
        #expect(error?.code == .noSupportedMediaFile)
        #expect(error?.message == "none of the media files is playable: offered application/javascript, video/mp4, playable video/webm, application/javascript")
        #expect((#expect(throws: VASTError.self) { try MediaFileChoice(types: ["video/mp4"]).best(of: []) })?.code == .noSupportedMediaFile)
    }

    @Test func typeParameters_andCase_areIgnored() throws {
        var file = MediaFile(url: "https://cdn.example/u.mp4")
        file.type = "Video/MP4; codecs=\"avc1.42E01E\""
        #expect(MediaFileChoice(types: ["video/mp4"]).isPlayable(file))
    }

    /// The ad response is untrusted: only an absolute http(s) URL is a file
    /// a player may open, and the 403 says which URLs were refused.
    @Test(arguments: ["file:///etc/passwd", "edl://%0%/etc/passwd", "lavfi://sine", "av://v4l2:/dev/video0", "ads/a.mp4",
                      "//cdn.example/a.mp4", "https:///a.mp4", "http://cdn.example/a b.mp4", "javascript:alert(1)"])
    func aFileNotAtAnHTTPURL_isNotPlayable(url: String) {
        var file = MediaFile(url: url)
        file.type = "video/mp4"
        #expect(!MediaFileChoice(types: ["video/mp4"]).isPlayable(file))
        let error = #expect(throws: VASTError.self) { try MediaFileChoice(types: ["video/mp4"]).best(of: [file]) }
        #expect(error?.code == .noSupportedMediaFile)
        #expect(error?.message.contains("is not an absolute http or https URL") == true, "\(error?.message ?? "")")
    }

    @Test(arguments: ["https://cdn.example/a.mp4", "HTTP://CDN.example:8080/a.mp4?x=[CACHEBUSTING]", "https://user@cdn.example/a.mp4",
                      "http://[2001:db8::1]/a.mp4"])
    func aFileAtAnHTTPURL_isPlayable(url: String) {
        var file = MediaFile(url: url)
        file.type = "video/mp4"
        #expect(MediaFileChoice(types: ["video/mp4"]).isPlayable(file))
    }
}
