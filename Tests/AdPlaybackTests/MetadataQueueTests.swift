@testable import AdPlayback
import MediaTime
import Testing

/// The tags waiting for the playhead: stream order, ties in arrival order,
/// and the same answers however many have left the front.
struct MetadataQueueTests {
    private func tag(_ seconds: Int64, _ name: String = "t") -> TimedMetadata {
        TimedMetadata(name: name, value: "\(seconds)", streamTime: StreamTime(seconds: seconds))
    }

    private func drain(_ queue: inout MetadataQueue) -> [String] {
        var taken: [String] = []
        while !queue.isEmpty { taken.append(queue.removeFirst().name) }
        return taken
    }

    @Test func tagsComeOutInStreamOrder_tiesInArrivalOrder() {
        var queue = MetadataQueue()
        for (seconds, name) in [(10, "b"), (5, "a"), (10, "c"), (20, "e"), (15, "d"), (5, "a2")] { queue.insert(tag(Int64(seconds), name)) }
        #expect(queue.count == 6)
        #expect(queue.first?.name == "a")
        #expect(drain(&queue) == ["a", "a2", "b", "c", "d", "e"])
        #expect(queue.first == nil)
    }

    @Test func aWindowDropsTheLeadingStaleTags_only() {
        var queue = MetadataQueue()
        for seconds in 0..<10 { queue.insert(tag(Int64(seconds) * 2, "\(seconds * 2)")) }
        queue.dropFirst(before: StreamTime(seconds: 7))
        #expect(queue.first?.name == "8")
        #expect(queue.count == 6)
        queue.dropFirst(before: StreamTime(seconds: 8))
        #expect(queue.count == 6)
        queue.dropFirst(before: StreamTime(seconds: 100))
        #expect(queue.isEmpty)
    }

    @Test func aLongQueue_keepsItsAnswersAcrossCompaction() {
        var queue = MetadataQueue()
        var expected: [Int64] = []
        // A live window's worth, with the front leaving as the edge moves on.
        for seconds in Int64(0)..<3_000 {
            queue.insert(tag(seconds, "\(seconds)"))
            expected.append(seconds)
            if seconds >= 1_000 {
                queue.dropFirst(before: StreamTime(seconds: seconds - 999))
                expected.removeAll { $0 < seconds - 999 }
            }
            if seconds % 500 == 0, let oldest = expected.first {
                #expect(queue.removeFirst().streamTime == StreamTime(seconds: oldest))
                expected.removeFirst()
            }
        }
        #expect(queue.count == expected.count)
        queue.removeAll { Int($0.name)! % 2 == 0 }
        expected.removeAll { $0 % 2 == 0 }
        #expect(drain(&queue) == expected.map { "\($0)" })
    }
}
