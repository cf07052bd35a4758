public import AdSignals
public import HLS

/// What a playlist's programme signals mean to one device: the blackouts
/// they open (with where each ends, if the playlist says) and the signals
/// that restrict nothing, or refer to nothing, with why. `hls inspect`
/// reports these, so it agrees with what a live session would do.
public struct DeviceBlackouts: Sendable {
    /// The device.
    public var device: DevicePolicy
    /// The blackouts, by start; an open one's end lies beyond the playlist.
    public var blackouts: [Blackout]
    /// The programme signals that started no blackout, and those ignored, with why.
    public var unrestricting: [BlackoutChange]

    /// Decides the blackouts of `playlist` for `device`: its signals in
    /// stream order, then the passing of time to its last segment's end.
    public init(_ playlist: MediaPlaylist, device: DevicePolicy) {
        self.device = device
        var detector = BlackoutDetector(policy: device)
        var changes: [BlackoutChange] = []
        for signal in ProgramSignal.signals(in: playlist.signals, of: playlist) { changes += detector.take(signal) }
        if let end = playlist.segments.last?.end { changes += detector.advance(to: end) }
        blackouts = Self.collect(changes)
        unrestricting = changes.filter { change in
            switch change {
            case .notRestricted, .ignored: true
            case .started, .updated, .ended: false
            }
        }
    }

    /// Each blackout as it stands last: started, changed, then maybe ended.
    /// An id used again after its blackout ended is a new blackout.
    private static func collect(_ changes: [BlackoutChange]) -> [Blackout] {
        var result: [Blackout] = []
        var running: [String: Int] = [:]
        for change in changes {
            switch change {
            case .started(let blackout):
                running[blackout.id] = result.count
                result.append(blackout)
            case .updated(let blackout):
                if let index = running[blackout.id] { result[index] = blackout }
            case .ended(let blackout):
                if let index = running.removeValue(forKey: blackout.id) { result[index] = blackout } else { result.append(blackout) }
            case .notRestricted, .ignored:
                break
            }
        }
        return result.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The device in words: "a web device in region, in no group".
    public var deviceDescription: String {
        let group = device.group.map { "in group \($0)" } ?? "in no group"
        return "a \(device.delivery.rawValue) device \(device.region == .inside ? "in" : "out of") region, \(group)"
    }
}
