/// Every time value codes as a number of seconds (`{"content": 900.03}`),
/// so an app can keep a bookmark or a duration in its own JSON.
///
/// Encoding writes the seconds as a `Double`: a value of whole
/// microseconds reads back exact, and any value within about 7 years
/// reads back to the same tick. Decoding takes a number of seconds
/// (rounded to the nearest tick, see ``TickValue/init(seconds:)-(Double)``),
/// a string of decimal seconds (`"900.03"`, exact to the microsecond), or
/// the `{"ticks": N}` object earlier versions wrote.
extension TickValue where Self: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Double(ticks) / Double(Timescale.ticksPerSecond))
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if let seconds = try? container.decode(Double.self) {
                guard seconds.isFinite, abs(seconds) <= Double(DecimalSeconds.maxSeconds) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "\(seconds) s is out of range: at most \(DecimalSeconds.maxSeconds) seconds")
                }
                self.init(seconds: seconds)
                return
            }
            if let text = try? container.decode(String.self) {
                do {
                    self.init(ticks: try DecimalSeconds.parse(Substring(text)))
                } catch {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is \(error)")
                }
                return
            }
        }
        let legacy = try decoder.container(keyedBy: LegacyKey.self)
        self.init(ticks: try legacy.decode(Int64.self, forKey: .ticks))
    }
}

/// The key of the `{"ticks": N}` form.
private enum LegacyKey: String, CodingKey {
    case ticks
}
