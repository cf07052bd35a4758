public import MediaTime

/// Something that follows a session beside the player, as ad tracking
/// does: after every input the driver hands it the events published and
/// the session as it then is, and it may ask to be ticked at moments of its
/// own (an ad's quartile), which the driver's ``PlaybackDriver/timeToNextBoundary``
/// includes.
///
/// It is called on the driver's isolation domain, synchronously: what it
/// does there must be quick (ad tracking writes a journal line).
public protocol PlaybackObserver: AnyObject {
    /// The session handled `input`, publishing `events`; `session` is its state after.
    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent])
    /// How much playback at 1x remains until this observer's next moment;
    /// `nil` when it has none.
    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration?
}
