import AdSimulation
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

@Suite struct VirtualClockTests {
    @Test func sleepersWakeWhenTheClockPassesTheirDeadline_inOrder() async throws {
        let clock = VirtualClock()
        async let first: Void = clock.sleep(for: .seconds(5))
        async let second: Void = clock.sleep(for: .seconds(2))
        await clock.waitForSleepers(2)
        clock.advance(by: s(1))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: s(1))
        try await second
        #expect(clock.sleeperCount == 1)
        clock.advance(by: s(3))
        try await first
        #expect(clock.reading == ClockTime(seconds: 5))
    }

    @Test func aCancelledSleeperThrowsAndLeaves() async {
        let clock = VirtualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func durationsConvertToTicksAndBackExactly() {
        for ticks: Int64 in [0, 1, 8, 9, 8_999_999, 9_000_001, -7, 123_456_789_012] {
            let duration = MediaDuration(ticks: ticks)
            #expect(MediaDuration(duration.duration) == duration)
        }
        #expect(MediaDuration(.milliseconds(1500)) == MediaDuration(microseconds: 1_500_000))
        #expect(MediaDuration(.seconds(Int64.max)).ticks == .max)
    }
}

@Suite struct TimeLimitTests {
    @Test func anOperationThatIgnoresCancellationIsNotWaitedFor() async {
        let clock = VirtualClock()
        let never = VirtualClock()
        let limited = Task {
            await withTimeLimit(.seconds(2), on: clock) { () async -> Int in
                // An unstructured task is not cancelled with its caller: a stand-in
                // for a server that never answers and a fetch that ignores cancellation.
                await Task { try? await never.sleep(for: .seconds(1_000)); return 1 }.value
            }
        }
        await clock.waitForSleepers(1)
        await never.waitForSleepers(1)
        clock.advance(by: s(2))
        #expect(await limited.value == nil)
        #expect(clock.reading == ClockTime(seconds: 2), "the limit passed on the virtual clock, not the wall clock")
        never.advance(by: s(1_000))
    }

    @Test func anOperationThatFinishesFirstGivesItsValue() async {
        let clock = VirtualClock()
        let value = await withTimeLimit(.seconds(2), on: clock) { 42 }
        #expect(value == 42)
    }

    @Test func aCancelledCallerGetsNilAtOnce() async {
        let clock = VirtualClock()
        let limited = Task {
            await withTimeLimit(.seconds(2), on: clock) { () async -> Int in
                (try? await clock.sleep(for: .seconds(10))).map { 1 } ?? 0
            }
        }
        await clock.waitForSleepers(2)
        limited.cancel()
        #expect(await limited.value == nil)
    }
}
