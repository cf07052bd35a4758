public import MediaTime

/// The time formats of VAST and VMAP, read exactly into 9 MHz ticks.
public enum VASTTime {
    /// `HH:MM:SS` or `HH:MM:SS.mmm` (up to six fraction digits, so the value is
    /// exact); nil when the text is not one.
    public static func duration(_ text: String) -> MediaDuration? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int64(digits: parts[0], maxCount: 6), let minutes = Int64(digits: parts[1], maxCount: 2),
              minutes < 60 else { return nil }
        let secondsParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard secondsParts.count <= 2, let seconds = Int64(digits: secondsParts[0], maxCount: 2), seconds < 60 else { return nil }
        var ticks = ((hours * 60 + minutes) * 60 + seconds) * Timescale.ticksPerSecond
        if secondsParts.count == 2 {
            let fraction = secondsParts[1]
            guard let value = Int64(digits: fraction, maxCount: 6) else { return nil }
            var scale: Int64 = 1
            for _ in 0..<fraction.count { scale *= 10 }
            ticks += value * Timescale.ticksPerSecond / scale
        }
        return MediaDuration(ticks: ticks)
    }

    /// `HH:MM:SS(.mmm)` or `n%` (0 to 100).
    public static func offset(_ text: String) -> Offset? {
        if text.hasSuffix("%") {
            guard let percent = Int64(digits: text.dropLast(), maxCount: 3), percent <= 100 else { return nil }
            return .percent(Int(percent))
        }
        return duration(text).map(Offset.time)
    }
}

extension Int64 {
    /// A non-negative decimal of 1 to `maxCount` ASCII digits, nothing else.
    init?(digits: Substring, maxCount: Int) {
        guard !digits.isEmpty, digits.utf8.count <= maxCount else { return nil }
        var value: Int64 = 0
        for byte in digits.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        self = value
    }
}
