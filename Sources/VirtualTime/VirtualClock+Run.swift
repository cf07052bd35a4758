public import MediaTime

extension VirtualClock {
    /// Runs `work` to its end, moving the clock forward by `step` each time
    /// the work has settled into waiting on it: virtual time passes only
    /// while something sleeps on the clock, as it would for a real clock.
    ///
    /// ```swift
    /// let resolution = await clock.run(advancingBy: .init(microseconds: 10_000)) { await resolver.resolve(url: url) }
    /// clock.reading   // how long it took in virtual time, to within `step`
    /// ```
    public func run<T: Sendable>(advancingBy step: MediaDuration, _ work: @escaping @Sendable () async -> T) async -> T {
        let outcome = Outcome<T>()
        let task = Task {
            let value = await work()
            await outcome.set(value)
        }
        while true {
            // Let the work reach its next wait before time moves: time moves
            // only once the sleepers have stayed the same over a long run of
            // yields, so work in progress (a fetch answered from memory) does
            // not see virtual time pass under it.
            for _ in 0..<32 { await Task.yield() }
            if let value = await outcome.value {
                await task.value
                return value
            }
            let sleepers = sleeperCount
            guard sleepers > 0 else { continue }
            for _ in 0..<256 { await Task.yield() }
            if sleeperCount == sleepers, await outcome.value == nil { advance(by: step) }
        }
    }
}

private actor Outcome<T: Sendable> {
    var value: T?
    func set(_ value: T) { self.value = value }
}
