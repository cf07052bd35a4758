internal import HugePages

/// A random-access collection that drops from the front in O(1) amortised,
/// as a live playlist's window slides (segments, signals, metadata).
public struct SlidingWindow<Element: Sendable & Hashable>: RandomAccessCollection, MutableCollection, Sendable, Hashable {
    private var storage: [Element]
    private var head: Int

    /// Creates a window of `elements`.
    public init(_ elements: [Element] = []) {
        storage = elements
        head = 0
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count - head }
    public subscript(position: Int) -> Element {
        // Yielded in place, so reading one field of an element copies only that field.
        _read { yield storage[head + position] }
        _modify { yield &storage[head + position] }
    }

    /// Lends the elements in place, for loops that read whole elements: an
    /// element passed on from the buffer is borrowed, where this window's
    /// subscript (or a slice's) copies it.
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[head...])) }
    }

    /// The elements in place, for the standard library's algorithms and for
    /// loops that borrow each element rather than copy it out.
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        try withElements(body)
    }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func append(contentsOf elements: some Sequence<Element>) { storage.append(contentsOf: elements) }

    /// Makes room for `count` elements; a large table (a long playlist's
    /// segments) is backed by huge pages where the system allows.
    mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
        HugePages.prefer(capacityOf: &storage)
    }

    /// Drops the first `count` elements.
    mutating func removeFirst(_ count: Int) {
        head += Swift.min(Swift.max(count, 0), endIndex)
        if head > 1_024, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Drops the last `count` elements.
    mutating func removeLast(_ count: Int) {
        storage.removeLast(Swift.min(Swift.max(count, 0), endIndex))
    }

    /// Drops elements from the front while `predicate` holds.
    mutating func removeFirst(while predicate: (Element) -> Bool) {
        var count = 0
        while count < endIndex, predicate(self[count]) { count += 1 }
        removeFirst(count)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
