import AdLive
import AdSignals
import Foundation
import MediaTime
import StrictJSON

/// The non-seekable ranges of a followed live window: each ended blackout
/// of this device, from its start to its end, while the window holds any
/// of it, kept as a session keeps them (``BlackoutList``). A line is
/// printed whenever they change.
struct NonSeekableLines {
    private var ended = BlackoutList()
    private var printed: [String] = []

    /// The line to print after `update`, if the ranges changed.
    mutating func take(_ update: LiveSource.Update, windowStart: StreamTime?, jsonl: Bool) -> [UInt8]? {
        if case .blackout(.ended(let blackout)) = update.event { ended.take(blackout) }
        if let windowStart { ended.forget(endedBefore: windowStart) }
        let ranges = ended.endedRanges
        let now = ranges.map { "\($0.id) \($0.range.lowerBound.decimalSeconds)–\($0.range.upperBound.decimalSeconds)" }
        guard now != printed else { return nil }
        printed = now
        guard jsonl else {
            let list = ranges.map { "\($0.range.lowerBound.decimalSeconds)–\($0.range.upperBound.decimalSeconds) s (blackout \($0.id))" }
            let clock = update.clock.decimalSeconds
            let padded = clock + String(repeating: " ", count: max(0, 10 - clock.count))
            return Array((padded + " non-seekable  " + (list.isEmpty ? "none" : list.joined(separator: ", ")) + "\n").utf8)
        }
        var out = JSONOutput()
        out.openObject()
        out.key("clock")
        out.number(update.clock.decimalSeconds)
        out.member("event", "nonSeekableRanges")
        out.key("ranges")
        out.openArray()
        for (id, range) in ranges {
            out.openObject()
            out.key("from")
            out.number(range.lowerBound.decimalSeconds)
            out.key("to")
            out.number(range.upperBound.decimalSeconds)
            out.member("reason", "blackout")
            out.member("id", id)
            out.closeObject()
        }
        out.closeArray()
        out.closeObject()
        out.endLine()
        return out.bytes
    }
}
