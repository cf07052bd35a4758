@testable import HLS
import MediaTime
import Testing

/// A break keeps its first DATERANGE ID apart from the others; what the
/// public property reads and compares is the same list in order.
struct PlacementOpportunityTests {
    private func opportunity() -> PlacementOpportunity {
        PlacementOpportunity(id: "break-1", kind: .splice, start: StreamTime(seconds: 6), programDateTime: nil,
                             mediaSequence: 1, sources: [], joinedInProgress: false)
    }

    @Test func dateRangeIDs_readBackInOrder_whateverWasSet() {
        var break1 = opportunity()
        #expect(break1.dateRangeIDs.isEmpty)
        #expect(!break1.isMarkedByRanges)
        break1.dateRangeIDs = ["a", "b", "c"]
        #expect(break1.dateRangeIDs == ["a", "b", "c"])
        #expect(break1.isMarked(byRange: "c") && !break1.isMarked(byRange: "d"))
        break1.dateRangeIDs = []
        #expect(break1.dateRangeIDs.isEmpty)
        #expect(!break1.isMarked(byRange: "a"))
    }

    @Test func addedRanges_equalTheSameListSet() {
        var added = opportunity()
        added.addRange("a")
        added.addRange("b")
        var set = opportunity()
        set.dateRangeIDs = ["a", "b"]
        #expect(added == set)
        #expect(added.hashValue == set.hashValue)
        set.dateRangeIDs = ["b", "a"]
        #expect(added != set)
        #expect(added.isMarked(byRangeWhere: { $0 == "b" }))
    }
}
