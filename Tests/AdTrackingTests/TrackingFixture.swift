import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import AdTracking
import MediaTime

func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
func content(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }
func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

/// The full set of tracking an ad carries in these tests: two impressions
/// (the inline's and a wrapper's), every linear event, a progress at 5 s,
/// and the reported ones. Each URL names its ad and event.
func fullTracking(_ adID: String) -> [TrackingEvent] {
    let base = "https://t.example/\(adID)/"
    var events = [
        TrackingEvent(event: "impression", uri: base + "impression"),
        TrackingEvent(event: "impression", uri: base + "impression-wrapper"),
    ]
    for name in ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume",
                 "skip", "notUsed", "mute", "error"] {
        events.append(TrackingEvent(event: name, uri: base + name))
    }
    events.append(TrackingEvent(event: "progress", uri: base + "progress-5", offset: s(5)))
    return events
}

func ad(_ id: String, _ seconds: Int64) -> Ad {
    Ad(id: id, duration: s(seconds), primaryAsset: AdAsset(role: .primary, uri: "https://cdn.example/\(id).mp4"),
       tracking: fullTracking(id))
}

/// pre (p1, 20 s), mid at 60 (m1, m2, 20 s each), post (q1, 10 s) over 120 s of content.
func episode() -> [AdBreak] {
    [
        AdBreak(id: "pre", position: .preroll, ads: [ad("p1", 20)], insertion: .inserted),
        AdBreak(id: "mid", position: .midroll(content(60)), ads: [ad("m1", 20), ad("m2", 20)], insertion: .inserted),
        AdBreak(id: "post", position: .postroll, ads: [ad("q1", 10)], insertion: .inserted),
    ]
}

/// A sink that keeps what it takes.
final class RecordingSink: BeaconSink {
    var beacons: [Beacon] = []
    func take(_ beacon: Beacon) { beacons.append(beacon) }
}

/// A simulation with a tracker on its driver.
struct TrackedRun {
    let simulation: Simulation
    let tracker: BeaconTracker
    let sink = RecordingSink()

    init(
        _ breaks: [AdBreak] = episode(), contentDuration: Int64 = 120, policy: AdPolicy = .strict,
        player: SimulatedPlayer.Options = .ideal
    ) {
        let timeline = try! AdTimeline(contentDuration: s(contentDuration), breaks: breaks)
        simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy)), player: player)
        tracker = BeaconTracker(planner: BeaconPlanner(session: "v"), sink: sink)
        simulation.driver.observers.append(tracker)
    }

    /// What fired, each as `ad event#occurrence` (the URL's last part
    /// names the event), `n:` before it for session n > 1, `.i` after for
    /// instance i > 1.
    var fired: [String] { sink.beacons.map(Self.short) }

    /// What fired since `count` beacons.
    func fired(since count: Int) -> [String] { sink.beacons.dropFirst(count).map(Self.short) }

    static func short(_ beacon: Beacon) -> String {
        let session = beacon.id.session.split(separator: "/").last.map(String.init) ?? ""
        let name = beacon.template.split(separator: "/").last.map(String.init) ?? ""
        return (session == "1" ? "" : "\(session):") + "\(beacon.id.adID) \(name)#\(beacon.id.occurrence)"
            + (beacon.id.instance > 1 ? ".\(beacon.id.instance)" : "")
    }
}

/// An ad's set as it fires when played from its start to its end.
/// At one moment, beacons fire in the order the ad lists them: a 20 s
/// ad's first quartile comes with its 5 s progress, a 10 s one's midpoint.
func playedThrough(_ adID: String, occurrence: Int = 1, session: Int = 1) -> [String] {
    let prefix = session == 1 ? "" : "\(session):"
    let middle = adID == "q1" ? ["firstQuartile", "midpoint", "progress-5"] : ["firstQuartile", "progress-5", "midpoint"]
    return (["impression", "impression-wrapper", "creativeView", "start"] + middle + ["thirdQuartile", "complete"])
        .map { "\(prefix)\(adID) \($0)#\(occurrence)" }
}
