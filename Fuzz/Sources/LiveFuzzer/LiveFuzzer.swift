import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdPolicy
import AdResolvers
import AdTimeline
import FuzzDriver
import HLS
import MediaTime

/// Any bytes as a sequence of live playlist bodies (split where a line
/// `#EXTM3U` starts one), followed refresh by refresh into a live session:
/// no crash, segments that tile stream time, and storage bounded by what
/// the bodies held.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let bodies = split(bytes)
    var options = LiveOptions()
    options.parse.maxLines = 50_000
    options.parse.maxLineLength = 1 << 16
    options.parse.subscribedTags = ["#EXT-X-CUSTOM", "#EXT-OATCLS-SCTE35"]
    var follower = LiveFollower(url: "fuzz", options: options)
    guard let timeline = try? AdTimeline(contentDuration: nil, breaks: []) else { return 0 }
    var session = PlaybackSession(
        timeline: timeline, engine: AdPolicyEngine(policy: .strict),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    var now = ClockTime.zero
    var opportunitiesSeen = 0
    var previousWindowStart: StreamTime?
    for body in bodies {
        let events = follower.take(body, at: now)
        guard follower.nextDelay >= .zero else { fatalError("a negative wait") }
        guard let playlist = follower.live?.playlist else {
            now = now + follower.nextDelay
            previousWindowStart = nil
            continue
        }
        check(playlist)
        // A refresh forgets what ended before the window it found, but the latest 16.
        if let previousWindowStart,
           playlist.opportunities.count(where: { $0.end.map { $0 <= previousWindowStart } ?? false }) > 16 {
            fatalError("a live playlist kept more than 16 opportunities that ended before its window")
        }
        previousWindowStart = playlist.segments.first?.start
        for event in events {
            if case .opportunityStart = event { opportunitiesSeen += 1 }
            for input in LiveInputs.inputs(for: event, in: playlist, names: follower.names) {
                guard let actions = try? session.handle(input, at: now) else { continue }
                for case .resolve(let opportunity) in actions {
                    _ = try? session.handle(
                        .resolved(opportunityID: opportunity.id, breaks: [InStreamMarkerResolver.adBreak(for: opportunity)], issues: []),
                        at: now)
                }
            }
        }
        if !session.isRunning, let edge = playlist.segments.last?.end {
            _ = try? session.handle(.start(.position(.stream(edge))), at: now)
        }
        if session.timeline.storageSlots > opportunitiesSeen + 1 {
            fatalError("the timeline holds \(session.timeline.storageSlots) slots for \(opportunitiesSeen) opportunities")
        }
        if follower.isFinished { break }
        now = now + follower.nextDelay
    }
    return 0
}

/// The bodies: a new one starts at each line that begins `#EXTM3U` (16 at most).
private func split(_ bytes: [UInt8]) -> [[UInt8]] {
    let marker = Array("#EXTM3U".utf8)
    var starts: [Int] = []
    var index = 0
    while index + marker.count <= bytes.count, starts.count < 16 {
        if (index == 0 || bytes[index - 1] == 0x0A), bytes[index..<index + marker.count].elementsEqual(marker) { starts.append(index) }
        index += 1
    }
    guard !starts.isEmpty else { return [bytes] }
    return starts.indices.map { Array(bytes[starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : bytes.count)]) }
}

private func check(_ playlist: MediaPlaylist) {
    var previous: MediaSegment?
    for segment in playlist.segments {
        if let previous, previous.end != segment.start { fatalError("segments do not tile stream time") }
        previous = segment
    }
}

/// SwiftPM links an executable's entry point under this name; hand control
/// to libFuzzer's driver.
@_cdecl("LiveFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
