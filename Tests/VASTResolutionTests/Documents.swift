import Foundation

/// Small VAST documents for the resolution tests, each marked so merged
/// tracking can be traced to where it came from.
enum Documents {
    static func inline(_ id: String, sequence: Int? = nil, errorURL: String? = nil) -> String {
        """
        <VAST version="4.2"><Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine>
        <AdSystem>loopback</AdSystem><AdTitle>\(id)</AdTitle>
        <Impression>https://t.example/impression/\(id)</Impression>
        \(errorURL.map { "<Error>\($0)</Error>" } ?? "")
        <Creatives><Creative><Linear><Duration>00:00:15</Duration>
        <TrackingEvents><Tracking event="start">https://t.example/start/\(id)</Tracking></TrackingEvents>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/\(id).mp4</MediaFile></MediaFiles>
        <VideoClicks><ClickThrough>https://landing.example/\(id)</ClickThrough></VideoClicks>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    static func wrapper(_ name: String, to uri: String, errorURL: String? = nil, sequence: Int? = nil,
                        attributes: String = "") -> String {
        """
        <VAST version="4.2"><Ad id="\(name)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><Wrapper \(attributes)>
        <AdSystem>loopback</AdSystem>
        <Impression>https://t.example/impression/\(name)</Impression>
        \(errorURL.map { "<Error><![CDATA[\($0)]]></Error>" } ?? "")
        <Creatives><Creative><Linear>
        <TrackingEvents><Tracking event="start">https://t.example/start/\(name)</Tracking></TrackingEvents>
        <VideoClicks><ClickTracking>https://t.example/click/\(name)</ClickTracking></VideoClicks>
        </Linear></Creative></Creatives>
        <VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI>
        </Wrapper></Ad></VAST>
        """
    }

    static func pod(_ ads: [String], standalone: [String] = []) -> String {
        "<VAST version=\"4.2\">" + (ads + standalone).map { ad in
            // Each entry is a whole document; keep its <Ad> only.
            let start = ad.range(of: "<Ad ")!.lowerBound
            let end = ad.range(of: "</Ad>")!.upperBound
            return String(ad[start..<end])
        }.joined() + "</VAST>"
    }

    static let empty = "<VAST version=\"4.2\"><Error>ERRORURL</Error></VAST>"
}
