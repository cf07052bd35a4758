/// The segments of a media playlist: a random-access collection that drops
/// from the front in O(1) amortised, as a live window slides.
public struct SegmentWindow: RandomAccessCollection, Sendable, Hashable {
    private var storage: [MediaSegment]
    private var head: Int

    /// Creates a window of `segments`.
    public init(_ segments: [MediaSegment] = []) {
        storage = segments
        head = 0
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count - head }
    public subscript(position: Int) -> MediaSegment { storage[head + position] }

    mutating func append(_ segment: MediaSegment) { storage.append(segment) }

    mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }

    /// Drops the first `count` segments.
    mutating func removeFirst(_ count: Int) {
        head += Swift.min(count, endIndex)
        if head > 1_024, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for segment in self { hasher.combine(segment) }
    }
}
