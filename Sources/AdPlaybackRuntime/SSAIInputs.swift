public import AdLive
public import AdPlayback
public import AdSSAI
internal import AdSignals
internal import AdTimeline
internal import HLS
internal import SSAITracking

/// What each SSAI update means to a live session: the one place where an
/// SSAI session's news becomes session inputs.
///
/// - The playlist's news is what it is for any live stream
///   (``LiveInputs``), except markers: in an SSAI session the tracking data
///   is the source of the breaks, and markers are only checked against it.
/// - An avail that appears or changes is its break (an opportunity whose
///   signal carries its ads): entered, or replaced, at once.
/// - An avail the server withdrew leaves the timeline if it has not played.
/// - Warnings, tracking faults and overlays are for the app to show; the
///   session's breaks do not change.
public enum SSAIInputs {
    /// The inputs `event` means, `follower` being the playlist follower after it.
    public static func inputs(for event: SSAIEvent, follower: LiveFollower) -> [SessionInput] {
        switch event {
        case .live(let liveEvent):
            return LiveInputs.inputs(for: liveEvent, from: follower).filter { input in
                if case .opportunity = input { return false }
                return true
            }
        case .tracking(.availStart(let avail), let position?), .tracking(.availUpdate(let avail), let position?):
            return [.opportunity(AdOpportunity(avail: avail, position: position))]
        case .tracking(.availRemoved(let avail), _):
            return [.timelineChanged(.withdraw(breakID: avail.id))]
        case .tracking, .variant, .warning, .trackingError:
            return []
        }
    }
}
