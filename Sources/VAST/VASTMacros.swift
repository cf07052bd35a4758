public import Foundation
public import MediaTime

/// Fills the VAST macros (`[ERRORCODE]`, `[CACHEBUSTING]`, `[TIMESTAMP]`, …)
/// of a tracking URL. VAST 4.2 §6.
public enum VASTMacros {
    /// `template` with each `[NAME]` that `values` has replaced by its value,
    /// percent-encoded; macros it does not have are left as written.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("[") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "]") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                result += value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// RFC 3986's unreserved characters: everything else in a value is encoded.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `[TIMESTAMP]`'s format: ISO 8601 in UTC with milliseconds
    /// (`2026-11-23T10:00:00.000Z`).
    public static func timestamp(_ date: Date) -> String {
        timestamp(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// `[TIMESTAMP]` for a time in milliseconds since 1970, formatted
    /// without a formatter object (it runs for every beacon).
    public static func timestamp(milliseconds: Int64) -> String {
        // The one ISO 8601 writer, ProgramDateTime's; dates beyond ±29,000
        // years, which no clock gives, are held at that bound.
        let ticksPerMillisecond = Timescale.ticksPerSecond / 1_000
        let bound = Int64.max / ticksPerMillisecond
        return ProgramDateTime(ticksSinceEpoch: min(max(milliseconds, -bound), bound) * ticksPerMillisecond).description
    }

    /// The values an error report fills besides `[ERRORCODE]`: `[TIMESTAMP]`
    /// at `date` and an eight-digit `[CACHEBUSTING]`.
    public static func standardValues(at date: Date) -> [String: String] {
        var generator = SystemRandomNumberGenerator()
        return ["TIMESTAMP": timestamp(date), "CACHEBUSTING": cachebusting(using: &generator)]
    }

    /// `[CACHEBUSTING]`'s value: eight random digits, leading zeros kept.
    public static func cachebusting(using generator: inout some RandomNumberGenerator) -> String {
        let value = Int.random(in: 0..<100_000_000, using: &generator)
        return String(String(value + 100_000_000).dropFirst())
    }

    /// `[ADPLAYHEAD]`'s and `[MEDIAPLAYHEAD]`'s format: `HH:MM:SS.mmm`,
    /// truncated to the millisecond (a negative time is 00:00:00.000).
    public static func playhead(_ time: MediaDuration) -> String {
        let millis = max(0, time.ticks) / (Timescale.ticksPerSecond / 1000)
        let (hours, rest) = millis.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (seconds, ms) = rest2.quotientAndRemainder(dividingBy: 1000)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(ms, 3))"
    }
}
