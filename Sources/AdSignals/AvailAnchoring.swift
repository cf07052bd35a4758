public import HLS
public import MediaTime
public import SSAITracking

/// Puts tracking data's avails on the stream the session follows, and
/// checks them against what the manifest says.
///
/// An avail's `startTimeInSeconds` counts from the first segment of the
/// first manifest the session served (or from the segment
/// `hlsAnchorMediaSequenceNumber` names), as the session's stream time does,
/// so it is taken as it is, then moved onto the segment boundary it names
/// when one lies within ``tolerance`` (servers print milliseconds; segments
/// start where they start). Its `availProgramDateTime`, when given, must
/// fall at the same place in the manifest's PROGRAM-DATE-TIME mapping, and a
/// marker the manifest carries for it must agree with it; either conflict
/// is reported, and the tracking data wins. Never the player's clock.
public enum AvailAnchoring {
    /// How far a time may be from a segment boundary, a date from its
    /// place, or a marker from an avail, and still be the same.
    public static let tolerance = MediaDuration(microseconds: 250_000)

    /// `avail` on the stream: moved by `offset` (where the anchor segment
    /// starts, when the server named one), snapped to a segment boundary of
    /// `playlist`, its ads and their events moved with it.
    /// - Returns: the avail as placed, and what disagrees with it.
    public static func anchor(_ avail: TrackedAvail, offset: MediaDuration = .zero, in playlist: MediaPlaylist?) -> (avail: TrackedAvail, warnings: [String]) {
        var start = avail.start + offset
        var warnings: [String] = []
        if let playlist {
            if let boundary = nearestBoundary(to: start, in: playlist) { start = boundary }
            if let date = avail.programDateTime, let placed = playlist.streamTime(of: date), distance(placed, start) > tolerance {
                warnings.append("avail \(avail.id): availProgramDateTime \(date) is at \(placed.decimalSeconds) s in the manifest, "
                    + "but startTimeInSeconds puts it at \(start.decimalSeconds) s; the tracking data wins")
            }
        }
        return (moved(avail, by: start - avail.start), warnings)
    }

    /// What a marker of the manifest says against a placed avail: nothing
    /// when one starts there with the same length (or states none), else
    /// why not. `markers` are the manifest's ad opportunities; when it has
    /// none (a personalised manifest) there is nothing to check.
    public static func conflict(of avail: TrackedAvail, with markers: [PlacementOpportunity]) -> String? {
        guard !markers.isEmpty else { return nil }
        let length = TrackedAvails.length(of: avail)
        guard let marker = markers.first(where: { distance($0.start, avail.start) <= tolerance }) else {
            return "avail \(avail.id) at \(avail.start.decimalSeconds) s (\(length.decimalSeconds) s) has no marker in the manifest; the tracking data wins"
        }
        guard let markerLength = marker.duration ?? marker.plannedDuration, length > .zero,
              distance(StreamTime(ticks: markerLength.ticks), StreamTime(ticks: length.ticks)) > tolerance
        else { return nil }
        return "avail \(avail.id) at \(avail.start.decimalSeconds) s lasts \(length.decimalSeconds) s, but the manifest's marker \(marker.id) "
            + "says \(markerLength.decimalSeconds) s; the tracking data wins"
    }

    /// The start of the segment nearest `time`, when within the tolerance.
    static func nearestBoundary(to time: StreamTime, in playlist: MediaPlaylist) -> StreamTime? {
        let segments = playlist.segments
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start < time { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { segments.indices.contains($0) }.map { segments[$0].start }
        guard let nearest = candidates.min(by: { distance($0, time) < distance($1, time) }), distance(nearest, time) <= tolerance else {
            return nil
        }
        return nearest
    }

    private static func distance(_ a: StreamTime, _ b: StreamTime) -> MediaDuration { a > b ? a - b : b - a }

    /// The avail with its start, its ads' and every event's moved by `shift`.
    public static func moved(_ avail: TrackedAvail, by shift: MediaDuration) -> TrackedAvail {
        guard shift != .zero else { return avail }
        var moved = avail
        moved.start = avail.start + shift
        moved.breakEvents = avail.breakEvents.map { move($0, by: shift) }
        for index in moved.ads.indices {
            moved.ads[index].start = moved.ads[index].start + shift
            moved.ads[index].events = moved.ads[index].events.map { move($0, by: shift) }
        }
        return moved
    }

    private static func move(_ event: TrackedEvent, by shift: MediaDuration) -> TrackedEvent {
        var event = event
        event.start = event.start.map { $0 + shift }
        return event
    }
}
