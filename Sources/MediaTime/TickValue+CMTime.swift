#if canImport(CoreMedia)
public import CoreMedia

extension TickValue {
    /// The value as a `CMTime` at the 9 MHz timescale: exact.
    public var cmTime: CMTime { CMTime(value: ticks, timescale: CMTimeScale(Timescale.ticksPerSecond)) }

    /// A `CMTime` converted to the 9 MHz timescale, rounded to the nearest
    /// tick, halves away from zero; nil for an invalid, indefinite or
    /// infinite time, or one too large to convert.
    public init?(_ time: CMTime) {
        guard time.isNumeric else { return nil }
        let converted = CMTimeConvertScale(
            time, timescale: CMTimeScale(Timescale.ticksPerSecond), method: .roundHalfAwayFromZero)
        guard converted.isNumeric else { return nil }
        self.init(ticks: converted.value)
    }
}
#endif
