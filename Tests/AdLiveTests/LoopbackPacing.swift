import AdPlaybackTestSupport
import AdSimulation
import MediaTime

/// Moves the virtual clocks of a loopback test together in 100 ms steps,
/// only while the source waits on `pacing` (its fetch answered and
/// handled): `onStep` runs before each step. When the origin holds a
/// request back, the client's 5 s limit is let pass at once.
func paceOverLoopback(
    _ origin: LoopbackLiveOrigin, pacing: VirtualClock, fetching: VirtualClock, until end: ClockTime,
    onStep: () throws -> Void = {}
) async throws {
    let step = MediaDuration(microseconds: 100_000)
    var released = 0
    var idle = 0
    while pacing.reading < end {
        await Task.yield()
        if pacing.sleeperCount > 0 {
            try onStep()
            pacing.advance(by: step)
            fetching.advance(by: step)
            idle = 0
        } else if await origin.heldCount > released, fetching.sleeperCount > 0 {
            released = await origin.heldCount
            pacing.advance(by: MediaDuration(seconds: 5))
            fetching.advance(by: MediaDuration(seconds: 5))
            idle = 0
        } else {
            idle += 1
            guard idle < maxIdleYields else { throw PacingStuck(at: pacing.reading) }
        }
    }
}

/// How many yields the pacing waits for the source to sleep again before
/// it gives up: far more than any fetch over loopback takes.
let maxIdleYields = 2_000_000

/// The source stopped waiting on the pacing clock: it hangs, or it ended.
struct PacingStuck: Error, CustomStringConvertible {
    var at: ClockTime
    var description: String { "the live source stopped waiting on the pacing clock at \(at.seconds) s" }
}
