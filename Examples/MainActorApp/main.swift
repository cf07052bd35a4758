import AdPlaybackKit
import Foundation

/// An app's two sessions, each owned on the main actor: a VMAP episode
/// whose breaks resolve into client-side ads (one ad's file is missing),
/// and a live stream whose cue becomes a break.
@MainActor
func vmapSession() async throws -> [String] {
    func ad(_ id: String, seconds: Int, file: String) -> String {
        """
        <Ad id="\(id)"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>https://t.example/i</Impression>
        <Error>https://t.example/error?code=[ERRORCODE]</Error><Creatives><Creative><Linear><Duration>00:00:\(seconds)</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\(file)</MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad>
        """
    }
    let vmap = try VMAPParser().parse("""
        <vmap:VMAP version="1.0">
        <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">\(
            ad("p1", seconds: 6, file: "https://ads.example/p1.mp4"))</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
        <vmap:AdBreak breakType="linear" breakId="mid" timeOffset="00:00:30"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">\(
            ad("m1", seconds: 5, file: "https://ads.example/missing.mp4"))</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
        </vmap:VMAP>
        """)
    let clock = VirtualClock()
    let chain = VASTChainResolver(client: HTTPClient(transport: URLSessionTransport(), clock: clock), macroValues: { [:] })
    let (opportunities, _) = VMAPSchedule.opportunities(in: vmap, contentDuration: MediaDuration(seconds: 60))
    let session = PlaybackSession(
        timeline: try AdTimeline(contentDuration: MediaDuration(seconds: 60), breaks: []), engine: AdPolicyEngine(policy: .snapback))
    let controller = PlaybackController(session: session, resolvers: [VASTPodResolver(chain: chain)], clock: clock)
    for opportunity in opportunities { try controller.send(.opportunity(opportunity)) }
    while controller.runtime.resolutionsInFlight > 0 { _ = await controller.runtime.deliverNextResult() }
    try controller.send(.start(.beginning))
    try await controller.play(seconds: 80)
    return controller.events.map(\.description) + ["ads shown: \(controller.badge.adsShown)"]
}

@MainActor
func liveSession() async throws -> [String] {
    let clock = VirtualClock()
    let session = PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    let controller = PlaybackController(session: session, resolvers: [InStreamMarkerResolver()], clock: clock)
    let queue = LiveInputQueue()
    controller.runtime.liveInputs = queue
    var follower = LiveFollower(url: "https://origin.example/live.m3u8")
    let playlist = """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:1
        #EXTINF:6,
        s1.ts
        #EXTINF:6,
        s2.ts
        #EXT-X-CUE-OUT:12
        #EXTINF:6,
        s3.ts
        #EXTINF:6,
        s4.ts
        #EXT-X-CUE-IN
        #EXTINF:6,
        s5.ts
        #EXT-X-ENDLIST
        """
    for event in follower.take(Array(playlist.utf8), at: .zero) {
        queue.take(LiveSource.Update(clock: .zero, event: event), from: follower)
    }
    try controller.runtime.tick()
    try controller.send(.start(.beginning))
    try await controller.play(seconds: 40)
    return controller.events.map(\.description)
}

let vmapEvents = try await vmapSession()
print("VMAP session:")
for line in vmapEvents { print("  \(line)") }
let liveEvents = try await liveSession()
print("live session:")
for line in liveEvents { print("  \(line)") }
