/// A binary indexed tree over non-negative integers: point updates, prefix
/// sums and "how many leading elements sum to at most x", each O(log n).
struct FenwickTree: Sendable, Hashable {
    /// 1-based partial sums; `tree[0]` is unused.
    private var tree: [Int64]

    /// Builds the tree over `values` (each ≥ 0).
    /// - Complexity: O(n).
    init(_ values: [Int64]) {
        tree = [0] + values
        for index in 1..<tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    var count: Int { tree.count - 1 }

    /// Adds `delta` to the element at `index` (0-based).
    mutating func add(_ delta: Int64, at index: Int) {
        var node = index + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// The sum of the first `count` elements.
    func prefixSum(_ count: Int) -> Int64 {
        var node = count
        var sum: Int64 = 0
        while node > 0 {
            sum += tree[node]
            node -= node & -node
        }
        return sum
    }

    /// The largest `m` such that the first `m` elements sum to at most `limit`.
    func leadingCount(withSumAtMost limit: Int64) -> Int {
        guard limit >= 0 else { return 0 }
        var position = 0
        var remaining = limit
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
