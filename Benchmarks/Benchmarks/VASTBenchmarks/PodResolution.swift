import AdPlaybackTestSupport
import Foundation
import AdPlaybackKit

/// A pod of five ads, each behind three wrappers: the pod's own entry, then
/// two wrapper documents and the inline ad on a loopback ad server, every
/// answer 20 ms late. Resolving it takes three answers in a row.
enum PodFixture {
    static func start() async throws -> (server: LoopbackAdServer, pod: VASTDocument) {
        let server = LoopbackAdServer()
        try await server.start()
        var ads = ""
        for ad in 1...5 {
            for level in 2...3 {
                let next = await server.url(level == 3 ? "/ad\(ad)/inline" : "/ad\(ad)/w\(level + 1)")
                await server.serve("/ad\(ad)/w\(level)", .document(wrapper(to: next)), latency: .milliseconds(20))
            }
            await server.serve("/ad\(ad)/inline", .document(inline("ad\(ad)")), latency: .milliseconds(20))
            ads += "<Ad id=\"pod\(ad)\" sequence=\"\(ad)\">" + wrapperBody(to: await server.url("/ad\(ad)/w2")) + "</Ad>"
        }
        return (server, try VASTParser().parse("<VAST version=\"4.2\">\(ads)</VAST>"))
    }

    private static func wrapperBody(to uri: String) -> String {
        """
        <Wrapper><AdSystem>bench</AdSystem><Impression>https://t.example/i</Impression>
        <Creatives><Creative><Linear><TrackingEvents><Tracking event="start">https://t.example/s</Tracking></TrackingEvents>
        </Linear></Creative></Creatives><VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI></Wrapper>
        """
    }

    private static func wrapper(to uri: String) -> String {
        "<VAST version=\"4.2\"><Ad>" + wrapperBody(to: uri) + "</Ad></VAST>"
    }

    private static func inline(_ id: String) -> String {
        """
        <VAST version="4.2"><Ad id="\(id)"><InLine><AdSystem>bench</AdSystem><AdTitle>\(id)</AdTitle>
        <Impression>https://t.example/i/\(id)</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://cdn.example/\(id).mp4</MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }
}
