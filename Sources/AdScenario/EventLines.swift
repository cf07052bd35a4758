public import AdPlayback
import AdPolicy
import MediaTime

/// Writes events as JSON lines: `clock`, `event`, `stream`, `content`, then
/// the event's own fields. Seconds are printed exactly, with at most six
/// decimals (`900.03`, never `900.0300000001`).
public enum EventLines {
    /// One JSON object for `event`, without a newline.
    public static func line(for event: SessionEvent) -> String {
        var writer = Writer()
        writer.write(event)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// All events, one line each, newline-terminated.
    public static func render(_ events: [SessionEvent]) -> String {
        String(decoding: bytes(for: events), as: UTF8.self)
    }

    /// All events as UTF-8 bytes, one line each, newline-terminated.
    /// - Complexity: O(total output size), no per-field allocation.
    public static func bytes(for events: [SessionEvent]) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(events.count * 96)
        for event in events {
            writer.write(event)
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return writer.bytes
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ event: SessionEvent) {
            raw("{\"clock\":")
            seconds(event.clock.ticks)
            raw(",\"event\":")
            string(event.name)
            raw(",\"stream\":")
            seconds(event.stream.ticks)
            raw(",\"content\":")
            if case .bookmark(let bookmark) = event.kind {
                seconds(bookmark.content.ticks)
            } else {
                seconds(event.content.ticks)
            }
            writeFields(of: event.kind)
            bytes.append(UInt8(ascii: "}"))
        }

        private mutating func writeFields(of kind: SessionEvent.Kind) {
            switch kind {
            case .seek(let kind, let target), .seekDenied(let kind, let target):
                field("kind", kind.rawValue)
                raw(",\"toStream\":")
                seconds(target.stream.ticks)
                raw(",\"toContent\":")
                seconds(target.content.ticks)
            case .adBreakStart(let id), .adBreakEnd(let id):
                field("break", id)
            case .adStart(let id, let ad), .adEnd(let id, let ad):
                field("break", id)
                field("ad", ad)
            case .adBreakSkip(let id, let reason):
                field("break", id)
                field("reason", reason.rawValue)
            case .bookmark(let bookmark):
                raw(",\"watched\":[")
                for (index, id) in bookmark.watched.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    string(id)
                }
                bytes.append(UInt8(ascii: "]"))
                if let completed = bookmark.lastBreakCompletedAt {
                    raw(",\"lastBreakCompleted\":")
                    seconds(completed.ticks)
                }
            case .error(let message):
                field("message", message)
            case .seekAdjusted(let target, let reason):
                raw(",\"toStream\":")
                seconds(target.stream.ticks)
                field("reason", reason)
            case .timedMetadata(let metadata):
                field("name", metadata.name)
                field("value", metadata.value)
                raw(",\"at\":")
                seconds(metadata.streamTime.ticks)
                if let date = metadata.date { field("date", date) }
                raw(metadata.isForeground ? ",\"foreground\":true" : ",\"foreground\":false")
            case .sessionStart, .contentStart, .pause, .resume, .interrupt, .interruptEnd, .failover, .sessionEnd:
                break
            }
        }

        private mutating func field(_ key: StaticString, _ value: String) {
            raw(",\"")
            raw(key)
            raw("\":")
            string(value)
        }

        private mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// Seconds with at most six decimals, trailing zeros dropped.
        mutating func seconds(_ ticks: Int64) {
            let perMicrosecond = UInt64(Timescale.ticksPerMicrosecond)
            let magnitude = ticks.magnitude
            var microseconds = magnitude / perMicrosecond
            let remainder = magnitude % perMicrosecond
            if remainder * 2 > perMicrosecond || (remainder * 2 == perMicrosecond && microseconds % 2 == 1) {
                microseconds += 1
            }
            if ticks < 0, microseconds > 0 { bytes.append(UInt8(ascii: "-")) }
            digits(microseconds / 1_000_000, minimumWidth: 1)
            var fraction = microseconds % 1_000_000
            guard fraction > 0 else { return }
            var width = 6
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            bytes.append(UInt8(ascii: "."))
            digits(fraction, minimumWidth: width)
        }

        private mutating func digits(_ value: UInt64, minimumWidth: Int) {
            var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
            withUnsafeMutableBytes(of: &buffer) { scratch in
                var position = scratch.count
                var rest = value
                repeat {
                    position -= 1
                    scratch[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0 || scratch.count - position < minimumWidth
                bytes.append(contentsOf: scratch[position...])
            }
        }

        /// A JSON string literal; text without characters to escape is
        /// copied as it is.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                    bytes.append(contentsOf: utf8)
                    return
                }
                for byte in utf8 { escape(byte) }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        private mutating func escape(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case ..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }
}
