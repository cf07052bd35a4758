public import AdPlayback
public import MediaTime
public import VAST

/// Where due beacons go: an outbox that journals and sends them.
public protocol BeaconSink: AnyObject {
    /// Takes a beacon due now. Quick: it runs on the driver's domain.
    func take(_ beacon: Beacon)
}

/// Ad tracking for a driver: follows its session as an observer, and hands
/// each beacon due to a sink (the outbox) at its moment.
///
/// ```swift
/// let tracker = BeaconTracker(planner: BeaconPlanner(session: sessionID), sink: outbox)
/// driver.observers.append(tracker)
/// ```
public final class BeaconTracker: PlaybackObserver {
    /// What decides the beacons.
    public private(set) var planner: BeaconPlanner
    private let sink: any BeaconSink

    /// Creates a tracker that hands `planner`'s beacons to `sink`.
    public init(planner: BeaconPlanner, sink: any BeaconSink) {
        self.planner = planner
        self.sink = sink
    }

    public func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        deliver(planner.plan(events, after: input, session: session))
    }

    public func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? {
        planner.timeToNextMoment(in: session)
    }

    /// Reports an interaction with the ad playing (`mute`, `unmute`,
    /// `clickTracking`, …), firing its beacons.
    public func interaction(_ name: String, session: PlaybackSession, at clock: ClockTime) {
        deliver(planner.interaction(name, session: session, at: clock))
    }

    /// Reports ads that cannot play, firing their Error URLs.
    public func report(_ errors: [AdErrorReport], at clock: ClockTime) {
        deliver(planner.errors(errors, at: clock))
    }

    private func deliver(_ beacons: [Beacon]) {
        for beacon in beacons { sink.take(beacon) }
    }
}
