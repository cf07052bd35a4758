public import HLS
internal import MediaTime

/// The ids a follower reports opportunities under.
///
/// A restarted stream's media sequence numbers, and so its `break-N` ids,
/// start again: from the first origin restart on, an id carries the count
/// of restarts (`break-15~1`), so a new break is never taken for an
/// earlier one.
///
/// A date range the restarted origin lists again, with the ID and
/// START-DATE it had in the window before the restart, is the same range
/// (RFC 8216bis §4.4.5.1: tags with one ID have the same attribute values).
/// The opportunity it names keeps the id it was reported under, so a
/// session never takes it for a second break and plays it twice. An ID
/// listed with another START-DATE names another range, which is new.
///
/// It remembers the ranges of the window before the last restart, no more.
public struct LiveNames: Sendable {
    /// Origin restarts so far.
    public private(set) var epoch: Int

    /// The ranges of the window before the last restart, by ID: where each
    /// started and the id it was reported under.
    private var earlier: [String: (start: ProgramDateTime?, id: String)] = [:]

    /// Names for a stream restarted `epoch` times, remembering no range.
    public init(epoch: Int) { self.epoch = epoch }

    /// The id `placement` is reported under: the id its date range had
    /// before the last restart when it is the same range, else its
    /// playlist id with the restart count.
    public func id(of placement: PlacementOpportunity) -> String {
        if !earlier.isEmpty, let range = Self.namingRange(of: placement), let known = earlier[range],
           known.start == placement.programDateTime {
            return known.id
        }
        return LiveFollower.opportunityID(placement.id, epoch: epoch)
    }

    /// The names after one more restart, the window before it having been
    /// `window`: its ranges keep the ids they were reported under.
    func restarted(after window: [PlacementOpportunity]) -> LiveNames {
        var names = LiveNames(epoch: epoch + 1)
        for placement in window {
            guard let range = Self.namingRange(of: placement) else { continue }
            names.earlier[range] = (placement.programDateTime, id(of: placement))
        }
        return names
    }

    /// The date range ID the opportunity is named after, when it is.
    private static func namingRange(of placement: PlacementOpportunity) -> String? {
        guard let range = placement.firstDateRangeID, range == placement.id else { return nil }
        return range
    }
}
