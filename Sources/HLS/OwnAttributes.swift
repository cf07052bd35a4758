/// The attributes of a tag that one reader types (an interstitial's `CUE`
/// and `X-` ones, the first of each name), as a view of the tag's list:
/// the list's bytes are shared and no attribute is copied.
///
/// Two views are equal when they hold the same attributes in the same
/// order, whatever else their lists hold and wherever they were read.
struct OwnAttributes: Sendable, Hashable {
    /// The tag's list.
    let list: AttributeList
    /// Bit `n` set when attribute `n` is one of them; nil when every one is
    /// (a list made for them alone, or one longer than 64 attributes).
    private let mask: UInt64?

    /// The attributes of `list` whose names `includes` accepts, the first of each name.
    init(_ list: AttributeList, where includes: (UnsafeBufferPointer<UInt8>) -> Bool) {
        guard list.count <= 64 else {
            self.list = list.subset(includes)
            mask = nil
            return
        }
        var mask: UInt64 = 0
        for index in 0..<list.count where list.withName(at: index, includes) {
            let repeated = (0..<index).contains { earlier in
                mask >> UInt64(earlier) & 1 == 1 && list.withName(at: earlier) { first in list.withName(at: index) { first.elementsEqual($0) } }
            }
            if !repeated { mask |= 1 << UInt64(index) }
        }
        self.list = list
        self.mask = mask
    }

    /// Whether attribute `index` of ``list`` is one of them.
    func contains(_ index: Int) -> Bool {
        guard let mask else { return true }
        return mask >> UInt64(index) & 1 == 1
    }

    /// Their positions in ``list``, in order.
    var indices: [Int] { (0..<list.count).filter(contains) }

    /// Them, in order.
    var attributes: [Attribute] { indices.map { list[at: $0] } }

    static func == (lhs: OwnAttributes, rhs: OwnAttributes) -> Bool {
        let left = lhs.indices
        let right = rhs.indices
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { lhs.list.sameAttribute(at: $0, as: rhs.list, at: $1) }
    }

    func hash(into hasher: inout Hasher) {
        for index in indices { list.hashAttribute(at: index, into: &hasher) }
    }
}
