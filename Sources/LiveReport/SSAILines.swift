public import AdLive
public import AdSSAI
import Foundation
import HLS
import MediaTime
import SSAITracking
public import StrictJSON

/// An SSAI session's updates as readable lines or JSON objects: the
/// session's status first, the playlist's news as `live watch` prints it,
/// then avails as they start and change, each one's end once (`AvailEnds`:
/// the live edge passes its known end, or it turns out to hold overlays
/// only), their ads, withdrawals, and warnings.
public struct SSAILines {
    let jsonl: Bool
    /// What was written and not yet taken.
    private var output: [UInt8] = []
    /// Which avails have ended: each once, at its known end.
    private var ends = AvailEnds()

    /// Lines as text, or as JSON objects (`jsonl`).
    public init(jsonl: Bool) { self.jsonl = jsonl }

    /// The lines written since the last call.
    public mutating func take() -> [UInt8] {
        defer { output = [] }
        return output
    }

    /// The session's status line.
    public func session(_ startup: SSAIStartup) -> [UInt8] {
        guard jsonl else {
            let tracking = startup.trackingURL.map { ", tracking \($0.absoluteString)" } ?? ""
            return Array(("session \(startup.status.rawValue) (code \(startup.code)): \(startup.reason); plays "
                + "\(startup.playbackURL?.absoluteString ?? "nothing")\(tracking)\n").utf8)
        }
        var out = JSONOutput()
        out.openObject()
        out.member("event", "session")
        Self.writeStatus(of: startup, to: &out)
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    /// Writes what `update` says, `follower` being the playlist follower after it; ``take()`` hands the lines over.
    public mutating func print(_ update: SSAIStream.Update, _ follower: LiveFollower) {
        switch update.event {
        case .live(let event):
            let live = LiveSource.Update(clock: update.clock, event: event)
            write(jsonl ? LiveLines.json(live) : Array((LiveLines.text(live) + "\n").utf8))
            if let edge = follower.live?.playlist.segments.last?.end {
                for ended in ends.edge(edge) { printEnd(ended, at: update.clock) }
            }
        case .variant(let url):
            line(update.clock, "variant", text: "variant       following the first variant, \(url)") { $0.member("url", url) }
        case .warning(let message):
            line(update.clock, "warning", text: "warning       \(message)") { $0.member("message", message) }
        case .trackingError(let message):
            line(update.clock, "trackingError", text: "tracking      \(message); trying again at the next poll") { $0.member("message", message) }
        case .tracking(let change, _):
            print(change, at: update.clock)
        }
    }

    private mutating func printEnd(_ ended: AvailEnds.Ended, at clock: ClockTime) {
        line(clock, "availEnd", text: "avail ends    \(ended.id) at \(ended.end.decimalSeconds) s") {
            $0.member("id", ended.id)
            $0.key("stream")
            $0.number(ended.end.decimalSeconds)
        }
    }

    private mutating func print(_ change: TrackingChange, at clock: ClockTime) {
        let ended = ends.take(change)
        defer { for avail in ended { printEnd(avail, at: clock) } }
        switch change {
        case .availStart(let avail), .availUpdate(let avail):
            let name = if case .availStart = change { "availStart" } else { "availUpdate" }
            let label = name == "availStart" ? "avail starts " : "avail changes"
            line(clock, name, text: "\(label) \(avail.id) at \(avail.start.decimalSeconds) s, \(avail.duration.decimalSeconds) s, \(avail.ads.count) ad\(avail.ads.count == 1 ? "" : "s")") {
                Self.write(avail, to: &$0)
            }
        case .availRemoved(let avail):
            line(clock, "availRemoved", text: "avail removed \(avail.id) at \(avail.start.decimalSeconds) s: the server no longer lists it") {
                Self.write(avail, to: &$0)
            }
        case .adStart(let availID, let ad), .adUpdate(let availID, let ad):
            let name = if case .adStart = change { "ad" } else { "adUpdate" }
            let types = ad.events.map(\.type)
            line(clock, name, text: "\(name == "ad" ? "ad           " : "ad changes   ") \(availID)/\(ad.id) at \(ad.start.decimalSeconds) s, "
                + "\(ad.duration.decimalSeconds) s, events: \(types.isEmpty ? "none yet" : types.joined(separator: ", "))") { out in
                out.member("avail", availID)
                out.member("id", ad.id)
                out.key("stream")
                out.number(ad.start.decimalSeconds)
                out.key("duration")
                out.number(ad.duration.decimalSeconds)
                out.key("events")
                out.openArray()
                for type in types { out.value(type) }
                out.closeArray()
            }
        case .nonLinearAvail(let avail):
            let count = avail.nonLinearAds.reduce(0) { $0 + $1.ads.count }
            line(clock, "overlay", text: "overlay       \(avail.id) at \(avail.start.decimalSeconds) s, \(count) overlay\(count == 1 ? "" : "s") (never a break)") {
                $0.member("id", avail.id)
                $0.key("stream")
                $0.number(avail.start.decimalSeconds)
                $0.member("overlays", count)
            }
        }
    }

    private static func write(_ avail: TrackedAvail, to out: inout JSONOutput) {
        out.member("id", avail.id)
        out.key("stream")
        out.number(avail.start.decimalSeconds)
        out.key("duration")
        out.number(avail.duration.decimalSeconds)
        out.member("ads", avail.ads.count)
        if let date = avail.programDateTime { out.member("date", date.description) }
    }

    private mutating func line(_ clock: ClockTime, _ event: String, text: String, _ fields: (inout JSONOutput) -> Void) {
        guard jsonl else {
            write(Array((clock.decimalSeconds.padding(toWidth: 10) + " " + text + "\n").utf8))
            return
        }
        var out = JSONOutput()
        out.openObject()
        out.key("clock")
        out.number(clock.decimalSeconds)
        out.member("event", event)
        fields(&out)
        out.closeObject()
        out.endLine()
        write(out.bytes)
    }

    mutating func write(_ bytes: [UInt8]) { output += bytes }
}

extension SSAILines {
    /// An SSAI session's `status`, `reason`, `code`, `playbackUrl` and
    /// `trackingUrl` members, as every line that reports one writes them.
    public static func writeStatus(of startup: SSAIStartup, to output: inout JSONOutput) {
        output.member("status", startup.status.rawValue)
        output.member("reason", startup.reason)
        output.key("code")
        output.number("\(startup.code)")
        output.key("playbackUrl")
        if let url = startup.playbackURL { output.value(url.absoluteString) } else { output.null() }
        output.key("trackingUrl")
        if let url = startup.trackingURL { output.value(url.absoluteString) } else { output.null() }
    }
}
