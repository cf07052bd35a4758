internal import AdLive
import AdSignals
public import AdTimeline
import AdTransport
import Foundation
internal import HLS
public import MediaTime
public import SSAITracking

extension SSAIStream {
    /// What one look at an SSAI session shows: its playlist's kind and
    /// length, the avails of one tracking poll placed on it, and what
    /// disagreed.
    public struct FirstLook: Sendable, Hashable {
        /// Whether the playlist ended (VOD, or an event that is over).
        public var isEnded: Bool
        /// Where its last segment ends.
        public var streamDuration: MediaDuration
        /// The avails, on the stream, in stream order.
        public var avails: [TrackedAvail]
        /// Warnings and tracking faults, in order.
        public var warnings: [String]

        /// Creates a look.
        public init(isEnded: Bool, streamDuration: MediaDuration, avails: [TrackedAvail], warnings: [String]) {
            self.isEnded = isEnded
            self.streamDuration = streamDuration
            self.avails = avails
            self.warnings = warnings
        }

        /// The session as a VOD timeline (`TrackedAvails.vodTimeline(_:streamDuration:)`).
        public func vodTimeline() throws(TimelineError) -> AdTimeline {
            try TrackedAvails.vodTimeline(avails, streamDuration: streamDuration)
        }
    }

    /// Why a first look found nothing to play.
    public struct FirstLookError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }
    }

    /// Fetches the playlist once (a multivariant one through its first
    /// variant) and, for an initialised session, polls its tracking data
    /// once: how a VOD session is read up front.
    /// - Throws: ``FirstLookError`` when nothing plays or the playlist cannot be fetched or read.
    public func firstLook(timeout: Duration = .seconds(10)) async throws(FirstLookError) -> FirstLook {
        guard let playbackURL = startup.playbackURL else { throw FirstLookError(message: "nothing to play: \(startup.reason)") }
        let (mediaURL, _) = await mediaPlaylist(of: playbackURL)
        let playlist: MediaPlaylist
        do {
            let body = try await client.get(mediaURL, limits: TransportLimits(maxBodyBytes: options.maxBodyBytes, timeout: timeout))
            playlist = try PlaylistParser(options: options.parse).parseMedia(body)
        } catch {
            throw FirstLookError(message: "\(mediaURL.absoluteString): \(error)")
        }
        var look = FirstLook(
            isEnded: playlist.endList, streamDuration: MediaDuration(ticks: (playlist.segments.last?.end ?? .zero).ticks),
            avails: [], warnings: [])
        guard let trackingURL = startup.trackingURL else { return look }
        var tracking = TrackingState(poller: TrackingPoller(url: trackingURL, client: client))
        for event in await tracking.poll(at: .zero, playlist: playlist, timeout: timeout) {
            switch event {
            case .tracking(.availStart(let avail), _), .tracking(.availUpdate(let avail), _): look.avails.append(avail)
            case .warning(let message), .trackingError(let message): look.warnings.append(message)
            default: break
            }
        }
        return look
    }
}
