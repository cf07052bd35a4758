import AdTimeline
import MediaTime

/// The viewer's skip: a break's skip control (an interstitial's, counted
/// from the break's start) leaves the whole break; an ad's skip offset (a
/// VAST ad's, counted from the ad's start) leaves that ad. The session
/// announces a window as it opens (`adSkippable`) and, for a break's control
/// with a duration, as it closes in the break (`adSkippableEnd`).
extension PlaybackSession {
    /// The window open where `playback` stands, if any; the break's control
    /// comes before the ad's offset.
    static func openSkipWindow(in playback: BreakPlayback) -> SkipScope? {
        let adBreak = playback.adBreak
        if let control = adBreak.skipControl,
           control.isOpen(at: adBreak.offset(ofAd: playback.adIndex) + playback.offsetInAd, breakDuration: adBreak.duration) {
            return .wholeBreak
        }
        let ad = adBreak.ads[playback.adIndex]
        if let offset = ad.skipOffset, playback.offsetInAd >= offset, playback.offsetInAd < ad.duration { return .ad(playback.adIndex) }
        return nil
    }

    /// How much play until a window of the playing ad opens or closes; nil
    /// when none will in it.
    static func timeToSkipEdge(in playback: BreakPlayback) -> MediaDuration? {
        guard !playback.isAdStartPending else { return nil }
        let adBreak = playback.adBreak
        let position = adBreak.offset(ofAd: playback.adIndex) + playback.offsetInAd
        let breakEdge = adBreak.skipControl?.nextEdge(after: position).map { $0 - position }
        let adEdge = adBreak.ads[playback.adIndex].skipOffset.flatMap { $0 > playback.offsetInAd ? $0 - playback.offsetInAd : nil }
        return [breakEdge, adEdge].compactMap(\.self).filter { $0 > .zero }.min()
    }

    /// Announces a window that opened or a break's control that closed
    /// where playback now stands. While an inserted ad's item loads nothing
    /// changes: the window follows the ad's start.
    mutating func updateSkipWindow() {
        guard case .inBreak(var playback) = phase, !playback.isAdStartPending else { return }
        let open = Self.openSkipWindow(in: playback)
        guard open != playback.skipWindow else { return }
        let id = playback.adBreak.id
        if playback.skipWindow == .wholeBreak { emit(.adSkippableEnd(breakID: id, adID: nil)) }
        switch open {
        case .wholeBreak: emit(.adSkippable(breakID: id, adID: nil))
        case .ad(let index): emit(.adSkippable(breakID: id, adID: playback.adBreak.ads[index].id))
        case nil: break
        }
        playback.skipWindow = open
        phase = .inBreak(playback)
    }

    /// The viewer's skip: the window announced decides what it leaves.
    mutating func skipByViewer() throws(SessionError) {
        try requireRunning()
        guard case .inBreak(let playback) = phase else {
            emit(.skipDenied(.notInBreak))
            return
        }
        guard let scope = playback.skipWindow else {
            emit(.skipDenied(Self.denial(in: playback)))
            return
        }
        let adBreak = playback.adBreak
        emit(.adSkip(breakID: adBreak.id, adID: adBreak.ads[playback.adIndex].id))
        switch scope {
        case .wholeBreak:
            timeline.settleAds(ofBreak: adBreak.id, as: .skipped)
            finishBreak(playback)
        case .ad(let index):
            timeline.setState(.skipped, ofAd: index, inBreak: adBreak.id)
            goOn(after: playback)
        }
    }

    /// Why a skip is refused where `playback` stands.
    private static func denial(in playback: BreakPlayback) -> SkipDenial {
        let adBreak = playback.adBreak
        let ad = adBreak.ads[playback.adIndex]
        let position = adBreak.offset(ofAd: playback.adIndex) + playback.offsetInAd
        if adBreak.skipControl.map({ position < $0.offset }) ?? false { return .notYetSkippable }
        if ad.skipOffset.map({ playback.offsetInAd < $0 }) ?? false { return .notYetSkippable }
        if adBreak.skipControl != nil || ad.skipOffset != nil { return .noLongerSkippable }
        return .notSkippable
    }
}
