public import AdSSAI
import Foundation
import StrictJSON
public import AdPlayback
import AdPolicy
import AdTracking
import AdSignals
import HLSReport
import LiveReport
import MediaTime

/// Writes events as JSON lines: `clock`, `event`, `stream`, `content`, then
/// the event's own fields. Seconds are printed exactly, with at most six
/// decimals (`900.03`, never `900.0300000001`).
public enum EventLines {
    /// One JSON object for `event`, without a newline.
    public static func line(for event: SessionEvent) -> String {
        var output = JSONOutput()
        write(event, to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// One JSON object for `event` on a real player, without a newline: the
    /// event's line (with `date` on a live stream), then
    /// `"player": {"item", "position"}`, what the player itself reported
    /// (nulls before its first report).
    public static func line(for event: SessionEvent, player: PlayerPosition?, date: String? = nil) -> String {
        var output = JSONOutput()
        write(event, date: date, player: .some(player), to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// All events, one line each, newline-terminated.
    public static func render(_ events: [SessionEvent]) -> String {
        String(decoding: bytes(for: events), as: UTF8.self)
    }

    /// All events as UTF-8 bytes, one line each, newline-terminated.
    /// - Complexity: O(total output size), no per-field allocation.
    public static func bytes(for events: [SessionEvent]) -> [UInt8] {
        var output = JSONOutput()
        output.bytes.reserveCapacity(events.count * 96)
        for event in events {
            write(event, to: &output)
            output.endLine()
        }
        return output.bytes
    }

    /// A run's events; a live run's carry `date` (after `content`) where
    /// the stream's PROGRAM-DATE-TIME gives one.
    /// A run's beacons follow the event that fired them, one line per URL
    /// (``beaconLine(_:)``).
    public static func bytes(for run: ScenarioRun) -> [UInt8] {
        let session = run.ssai.map(sessionLine) ?? []
        let dated = run.dates.count == run.events.count && !run.dates.isEmpty
        if !dated, run.beacons.isEmpty { return session + bytes(for: run.events) }
        var output = JSONOutput(bytes: session)
        output.bytes.reserveCapacity(session.count + run.events.count * 96 + run.beacons.count * 160)
        var beacons = run.beacons[...]
        func writeBeacons(through index: Int) {
            while let next = beacons.first, next.beacon.afterEvent <= index {
                writeBeacon(next, to: &output)
                output.endLine()
                beacons = beacons.dropFirst()
            }
        }
        writeBeacons(through: -1)
        for (index, event) in run.events.enumerated() {
            write(event, date: dated ? run.dates[index] : nil, to: &output)
            output.endLine()
            writeBeacons(through: index)
        }
        writeBeacons(through: .max)
        return output.bytes
    }

    /// One beacon's line: `{"clock", "event": "beacon", "tracking", "break",
    /// "ad", "occurrence", "session", "url"}`, the URL as sent.
    public static func beaconLine(_ fired: FiredBeacon) -> String {
        var output = JSONOutput()
        writeBeacon(fired, to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    static func writeBeacon(_ fired: FiredBeacon, to output: inout JSONOutput) {
        let id = fired.beacon.id
        output.openObject()
        output.key("clock")
        seconds(fired.beacon.clock.ticks, to: &output)
        output.member("event", "beacon")
        output.member("tracking", id.tracking)
        output.member("break", id.breakID)
        output.member("ad", id.adID)
        output.member("occurrence", id.occurrence)
        if id.instance > 1 { output.member("instance", id.instance) }
        output.member("session", id.session)
        output.member("url", fired.url)
        output.closeObject()
    }

    /// The SSAI session's status, the first line of a scenario that plays one:
    /// `{"clock": 0, "event": "ssaiSession", "status", "reason", "code", "playbackUrl", "trackingUrl"}`.
    public static func sessionLine(_ startup: SSAIStartup) -> [UInt8] {
        var output = JSONOutput()
        output.openObject()
        output.key("clock")
        output.number("0")
        output.member("event", "ssaiSession")
        SSAILines.writeStatus(of: startup, to: &output)
        output.closeObject()
        output.endLine()
        return output.bytes
    }

    /// Writes `event`'s object; `player`, when given, adds what a real
    /// player reported.
    static func write(_ event: SessionEvent, date: String? = nil, player: PlayerPosition?? = nil, to output: inout JSONOutput) {
        output.openObject()
        output.key("clock")
        seconds(event.clock.ticks, to: &output)
        output.key("event")
        output.value(event.name)
        output.key("stream")
        seconds(event.stream.ticks, to: &output)
        output.key("content")
        if case .bookmark(let bookmark) = event.kind {
            seconds(bookmark.content.ticks, to: &output)
        } else {
            seconds(event.content.ticks, to: &output)
        }
        if let date { output.member("date", date) }
        writeFields(of: event.kind, at: event.stream, lineHasDate: date != nil, to: &output)
        if case .some(let reported) = player {
            output.key("player")
            output.openObject()
            output.key("item")
            if let item = reported?.item { output.value(item) } else { output.null() }
            output.key("position")
            if let position = reported?.position { seconds(position.ticks, to: &output) } else { output.null() }
            output.closeObject()
        }
        output.closeObject()
    }

    private static func writeFields(of kind: SessionEvent.Kind, at stream: StreamTime, lineHasDate: Bool, to output: inout JSONOutput) {
        switch kind {
        case .seek(let kind, let target), .seekDenied(let kind, let target):
            output.member("kind", kind.rawValue)
            output.key("toStream")
            seconds(target.stream.ticks, to: &output)
            output.key("toContent")
            seconds(target.content.ticks, to: &output)
        case .adBreakStart(let id), .adBreakEnd(let id):
            output.member("break", id)
        case .adStart(let id, let ad), .adEnd(let id, let ad):
            output.member("break", id)
            output.member("ad", ad)
        case .adBreakSkip(let id, let reason):
            output.member("break", id)
            output.member("reason", reason.rawValue)
        case .adSkippable(let id, let ad), .adSkippableEnd(let id, let ad):
            output.member("break", id)
            if let ad { output.member("ad", ad) }
        case .adSkip(let id, let ad):
            output.member("break", id)
            output.member("ad", ad)
        case .skipDenied(let reason):
            output.member("reason", reason.rawValue)
        case .bookmark(let bookmark):
            output.key("watched")
            output.openArray()
            for id in bookmark.watched { output.value(id) }
            output.closeArray()
            if let completed = bookmark.lastBreakCompletedAt {
                output.key("lastBreakCompleted")
                seconds(completed.ticks, to: &output)
            }
        case .error(let message):
            output.member("message", message)
        case .seekAdjusted(let target, let reason):
            output.key("toStream")
            seconds(target.stream.ticks, to: &output)
            output.member("reason", reason)
        case .timedMetadata(let metadata):
            output.member("name", metadata.name)
            output.member("value", metadata.value)
            output.key("at")
            seconds(metadata.streamTime.ticks, to: &output)
            if let date = metadata.date { output.member("date", date.description) }
            output.member("item", metadata.isForeground ? "foreground" : "background")
        case .blackoutStart(let blackout, let alternate):
            output.member("id", blackout.id)
            BlackoutJSON.write(blackout, at: stream, date: !lineHasDate, to: &output)
            output.key("alternate")
            if let alternate { output.value(alternate) } else { output.null() }
        case .blackoutEnd(let blackout):
            output.member("id", blackout.id)
            output.member("ended", !blackout.isOpen)
            BlackoutJSON.write(blackout, at: stream, date: !lineHasDate, to: &output)
        case .streamError(let message, let isForeground):
            output.member("message", message)
            output.member("item", isForeground ? "foreground" : "background")
        case .ready(let presentation, let landed):
            output.member("presentation", "\(presentation.id.value)")
            output.member("item", "\(presentation.item)")
            output.key("target")
            seconds(presentation.time.ticks, to: &output)
            output.key("landed")
            seconds(landed.ticks, to: &output)
            output.member("precision", presentation.precision.rawValue)
        case .resync(let from, let to):
            output.key("fromItemTime")
            seconds(from.ticks, to: &output)
            output.key("toItemTime")
            seconds(to.ticks, to: &output)
        case .stallEnd(let duration):
            output.key("duration")
            seconds(duration.ticks, to: &output)
        case .adError(let id, let ad, let failure):
            output.member("break", id)
            output.member("ad", ad)
            output.key("code")
            output.number("\(failure.vastCode)")
            output.member("message", failure.message)
        case .sessionStart, .contentStart, .pause, .resume, .interrupt, .interruptEnd, .failover, .sessionEnd, .stall:
            break
        }
    }

    /// Seconds with at most six decimals (ticks rounded half to even to
    /// the microsecond), trailing zeros dropped.
    static func seconds(_ ticks: Int64, to output: inout JSONOutput) {
        let perMicrosecond = Timescale.ticksPerMicrosecond
        var microseconds = ticks / perMicrosecond
        let remainder = ticks % perMicrosecond
        if remainder.magnitude * 2 > UInt64(perMicrosecond)
            || (remainder.magnitude * 2 == UInt64(perMicrosecond) && microseconds.magnitude % 2 == 1)
        {
            microseconds += ticks < 0 ? -1 : 1
        }
        output.decimal(microseconds, decimals: 6)
    }
}
