import MediaTime

/// Times for people: `h:mm:ss`, with decimals only where they exist.
enum TimeText {
    static func format<Value: TickValue>(_ value: Value) -> String {
        let negative = value.ticks < 0
        let magnitude = abs(value.ticks)
        let whole = magnitude / Timescale.ticksPerSecond
        let fraction = DecimalSeconds.format(magnitude % Timescale.ticksPerSecond)
        var text = "\(whole / 3600):" + pad(whole / 60 % 60) + ":" + pad(whole % 60)
        if fraction != "0" { text += String(fraction.dropFirst()) }
        return (negative ? "-" : "") + text
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
