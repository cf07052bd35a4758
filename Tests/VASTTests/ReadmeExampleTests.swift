import MediaTime
import Testing
import VAST

/// The README's VAST example, compiled and checked.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        let xml = String(decoding: try Fixture.bytes("vast/iab-4.2/Inline_Simple.xml"), as: UTF8.self)
        let document = try VASTParser().parse(Array(xml.utf8))
        var lines: [String] = []
        for ad in document.ads {
            let linear = ad.inline?.common.creatives.compactMap(\.linear).first
            lines.append("\(ad.id ?? "-") \(linear?.duration ?? .zero) \(linear?.mediaFiles.map(\.url) ?? [])")
        }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("20001 16 [\"https://iab-publicfiles.s3.amazonaws.com/vast/VAST-4.0-Short-Intro.mp4\"") == true)
    }
}
