import AdLive
import AdSSAI
import AdScenario
import Foundation
import HLS
import MediaTime
import SSAITracking
import StrictJSON

/// An SSAI session's updates as readable lines or JSON objects: the
/// session's status first, the playlist's news as `live watch` prints it,
/// then avails as they start and change, each one's end once (``AvailEnds``:
/// the live edge passes its known end, or it turns out to hold overlays
/// only), their ads, withdrawals, and warnings.
struct SSAILines {
    let jsonl: Bool
    /// Which avails have ended: each once, at its known end.
    private var ends = AvailEnds()

    init(jsonl: Bool) { self.jsonl = jsonl }

    func session(_ startup: SSAIStartup) -> [UInt8] {
        guard jsonl else {
            let tracking = startup.trackingURL.map { ", tracking \($0.absoluteString)" } ?? ""
            return Array(("session \(startup.status.rawValue) (code \(startup.code)): \(startup.reason); plays "
                + "\(startup.playbackURL?.absoluteString ?? "nothing")\(tracking)\n").utf8)
        }
        var out = JSONOutput()
        out.openObject()
        out.member("event", "session")
        EventLines.writeStatus(of: startup, to: &out)
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    mutating func print(_ update: SSAIStream.Update, _ follower: LiveFollower) {
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

    private func printEnd(_ ended: AvailEnds.Ended, at clock: ClockTime) {
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

    private func line(_ clock: ClockTime, _ event: String, text: String, _ fields: (inout JSONOutput) -> Void) {
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

    func write(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
}
