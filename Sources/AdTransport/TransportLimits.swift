/// What one request may cost. Every request is bounded: by these, and by
/// the caller's ``Deadline`` when it has one.
public struct TransportLimits: Sendable, Hashable {
    /// The largest body accepted; a longer one is cut off as it arrives and
    /// fails (default 1 MiB).
    public var maxBodyBytes: Int
    /// The longest the request may take, redirects included, measured on
    /// the client's clock (default 5 s).
    public var timeout: Duration
    /// The most redirects followed (default 5); each must be http or https.
    public var maxRedirects: Int

    /// Creates limits.
    public init(maxBodyBytes: Int = 1 << 20, timeout: Duration = .seconds(5), maxRedirects: Int = 5) {
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
        self.maxRedirects = maxRedirects
    }
}

/// The instant a piece of work that makes several requests (a wrapper
/// chain, a session start) must end by, on the client's clock.
public struct Deadline: Sendable {
    private let remainingTime: @Sendable () -> Duration

    /// The deadline `budget` from now on `clock`.
    public init(after budget: Duration, on clock: any Clock<Duration>) {
        remainingTime = Self.countdown(budget, on: clock)
    }

    private static func countdown<C: Clock<Duration>>(_ budget: Duration, on clock: C) -> @Sendable () -> Duration {
        let end = clock.now.advanced(by: budget)
        return { clock.now.duration(to: end) }
    }

    /// The time left; zero or less once it has passed.
    public var remaining: Duration { remainingTime() }
}
