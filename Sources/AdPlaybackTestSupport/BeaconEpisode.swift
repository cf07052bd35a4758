/// A VMAP episode whose every ad carries a full set of tracking URLs, for
/// tests of ad tracking end to end: a pre-roll of two ads through a wrapper
/// (with its own impression and complete), two mid-rolls, a post-roll, 10 s
/// ads, over 600 s of content. Each tracking URL names its ad and event:
/// `COLLECTOR/t/AD/EVENT?…` with macros to fill.
///
/// ```swift
/// let vmap = try await BeaconEpisode.serve(on: server, collector: await collector.url(""))
/// // scenario: BeaconEpisode.scenario(vmap: await server.url("/vmap"))
/// ```
public enum BeaconEpisode {
    /// Every tracking event each ad lists.
    public static let events = ["impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
                                "progress", "pause", "resume", "skip", "mute", "notUsed"]

    /// The scenario: snapback; the viewer watches the pre-roll, seeks over
    /// both mid-rolls to 450 (the second plays), rewinds to 100 (nothing
    /// plays) and plays to the end (the first mid-roll, then the post-roll).
    public static func scenario(vmap: String) -> String {
        """
        {"stream": {"type": "vod", "contentDuration": 600}, "vmap": "\(vmap)", "policy": {"preset": "snapback"},
         "actions": [{"do": "start"}, {"do": "play", "for": 60}, {"do": "seek", "to": {"content": 450}}, {"do": "play", "for": 30},
                     {"do": "rewind", "to": {"content": 100}}, {"do": "playToEnd"}]}
        """
    }

    /// What a collector must receive for the scenario, by path: each ad
    /// played through fires its impression, creativeView, start, progress,
    /// quartiles and complete; the wrapper's impression and complete go
    /// with each of the pod's two ads.
    public static var expected: [String: Int] {
        var counts: [String: Int] = [:]
        for ad in ["pre-a1", "pre-a2", "mid2-a1", "mid1-a1", "post-a1"] {
            for event in ["impression", "creativeView", "start", "progress", "firstQuartile", "midpoint", "thirdQuartile", "complete"] {
                counts["/t/\(ad)/\(event)"] = 1
            }
        }
        counts["/t/pre-wrapper/impression"] = 2
        counts["/t/pre-wrapper/complete"] = 2
        return counts
    }

    /// Serves the episode's VAST documents and its VMAP at `/vmap` on
    /// `server`, the tracking URLs pointing at `collector` (a base URL);
    /// `latency` delays the answers of paths it names (`/mid1`, …), so a
    /// run waits at those breaks.
    /// - Returns: the VMAP's text.
    @discardableResult
    public static func serve(on server: LoopbackAdServer, collector: String, latency: [String: Duration] = [:]) async -> String {
        await server.serve("/pre-pod", .document(vast(inline("pre-a1", sequence: 1, collector) + inline("pre-a2", sequence: 2, collector))))
        await server.serve("/pre", .document(vast("""
            <Ad id="pre-w"><Wrapper allowMultipleAds="true"><AdSystem>w</AdSystem><VASTAdTagURI><![CDATA[\(await server.url("/pre-pod"))]]></VASTAdTagURI>
            <Impression><![CDATA[\(collector)/t/pre-wrapper/impression]]></Impression>
            <Creatives><Creative><Linear><TrackingEvents><Tracking event="complete"><![CDATA[\(collector)/t/pre-wrapper/complete]]></Tracking></TrackingEvents></Linear></Creative></Creatives>
            </Wrapper></Ad>
            """)))
        for id in ["mid1", "mid2", "post"] {
            await server.serve("/\(id)", .document(vast(inline("\(id)-a1", sequence: nil, collector))), latency: latency["/\(id)"] ?? .zero)
        }
        var vmap = "<vmap:VMAP version=\"1.0\">"
        for (id, offset) in [("pre", "start"), ("mid1", "00:03:20"), ("mid2", "00:06:40"), ("post", "end")] {
            vmap += """
                <vmap:AdBreak breakType="linear" breakId="\(id)" timeOffset="\(offset)"><vmap:AdSource>\
                <vmap:AdTagURI><![CDATA[\(await server.url("/\(id)"))]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                """
        }
        vmap += "</vmap:VMAP>"
        await server.serve("/vmap", .document(vmap))
        return vmap
    }

    static func vast(_ ads: String) -> String { #"<VAST version="4.2">\#(ads)</VAST>"# }

    /// An inline ad whose every tracking URL names the ad and the event.
    static func inline(_ id: String, sequence: Int?, _ collector: String) -> String {
        let tracking = events.filter { $0 != "impression" }.map { event in
            let offset = event == "progress" ? #" offset="00:00:05""# : ""
            return #"<Tracking event="\#(event)"\#(offset)><![CDATA[\#(collector)/t/\#(id)/\#(event)?cb=[CACHEBUSTING]&ph=[ADPLAYHEAD]&v=[VIEWABILITY]]]></Tracking>"#
        }.joined()
        return """
            <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem><AdTitle>\(id)</AdTitle>
            <Impression><![CDATA[\(collector)/t/\(id)/impression?cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Impression>
            <Error><![CDATA[\(collector)/t/\(id)/error?code=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><TrackingEvents>\(tracking)</TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/\(id).mp4</MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad>
            """
    }
}
