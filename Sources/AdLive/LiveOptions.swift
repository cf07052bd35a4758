public import AdSignals
public import HLS
public import MediaTime

/// How a live playlist is followed.
public struct LiveOptions: Sendable {
    /// How each text is parsed; its subscribed tags are the timed metadata
    /// reported: by default every ad and blackout tag the parser knows
    /// (`ParseOptions.adSignalTags`); add the app's own names to them.
    public var parse: ParseOptions = {
        var options = ParseOptions()
        options.subscribedTags = ParseOptions.adSignalTags
        return options
    }()
    /// What this device is, for the stream's delivery restrictions: which
    /// programme signals black it out (``LiveEvent/blackout(_:)``).
    public var device = DevicePolicy()
    /// The app's own blackout tags and when they start and end one; setting
    /// it subscribes to its tags. Its blackouts are reported as the
    /// stream's are (``LiveEvent/blackout(_:)``).
    public var blackoutRule: BlackoutTagRule? {
        didSet { if let blackoutRule { parse.subscribedTags.formUnion(blackoutRule.tags) } }
    }
    /// The largest playlist body accepted (16 MiB).
    public var maxBodyBytes = 16 << 20
    /// Each fetch may take this many target durations, and at least
    /// ``minimumFetchTimeout``.
    public var fetchTimeoutTargetDurations: Int64 = 3
    /// The shortest time limit of a fetch.
    public var minimumFetchTimeout = MediaDuration(seconds: 5)
    /// A playlist unchanged for this many target durations is stale.
    public var staleTargetDurations = (numerator: Int64(3), denominator: Int64(2))
    /// The longest wait between retries after faults, in target durations
    /// (and at least ``minimumFetchTimeout``).
    public var maxBackoffTargetDurations: Int64 = 4

    /// Stop at once when the first fetch gives no playlist (a command line
    /// that must say so), instead of retrying as for any later fault.
    public var stopIfFirstLoadFails = false

    /// The default options.
    public init() {}
}
