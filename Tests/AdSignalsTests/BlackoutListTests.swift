import AdSignals
import MediaTime
import Testing

/// How a session (and `live watch` beside it) keeps the blackouts it knows.
@Suite struct BlackoutListTests {
    static func blackout(_ id: String, _ start: Int64, _ end: Int64?) -> Blackout {
        Blackout(id: id, start: StreamTime(seconds: start), end: end.map { StreamTime(seconds: $0) },
                 verdict: RestrictionVerdict(reasons: [.networkOff], notes: []))
    }

    @Test func oneEntryPerID_inStartOrder() {
        var list = BlackoutList()
        list.take(Self.blackout("b", 50, nil))
        list.take(Self.blackout("a", 10, 20))
        list.take(Self.blackout("b", 50, 70))
        #expect(list.blackouts.map(\.id) == ["a", "b"])
        #expect(list.blackouts.last?.end == StreamTime(seconds: 70), "the later news of b replaced it")
        #expect(list.endedRanges.map(\.range) == [StreamTime(seconds: 10)..<StreamTime(seconds: 20), StreamTime(seconds: 50)..<StreamTime(seconds: 70)])
    }

    @Test func endedOnesLeaveWithTheWindow_butNotTheOneKept_norRunningOnes() {
        var list = BlackoutList()
        list.take(Self.blackout("a", 10, 20))
        list.take(Self.blackout("b", 30, 40))
        list.take(Self.blackout("c", 45, nil))
        list.forget(endedBefore: StreamTime(seconds: 40), keeping: "b")
        #expect(list.blackouts.map(\.id) == ["b", "c"])
    }

    @Test func noMoreThanTheLimitOfEndedOnes_oldestFirstOut() {
        var list = BlackoutList()
        list.take(Self.blackout("running", 0, nil))
        for index in 0..<(BlackoutList.endedLimit + 3) { list.take(Self.blackout("e\(index)", Int64(10 + index * 10), Int64(15 + index * 10))) }
        #expect(list.endedRanges.count == BlackoutList.endedLimit)
        #expect(list.endedRanges.first?.id == "e3")
        #expect(list.blackouts.first?.id == "running")
    }
}
