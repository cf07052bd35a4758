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

    /// A view of `list` that holds the attributes whose bits are set in
    /// `mask`, or every attribute when it is nil.
    init(_ list: AttributeList, mask: UInt64?) {
        self.list = list
        self.mask = mask
    }

    /// Whether attribute `index` of ``list`` is one of them.
    func contains(_ index: Int) -> Bool {
        guard let mask else { return true }
        return mask >> UInt64(index) & 1 == 1
    }

    /// A text value of one of them, kept as its place until it is read, or
    /// one set in code. The place counts only them, so two equal views give
    /// the same text at the same place, wherever their lists put it.
    enum Text: Sendable, Hashable {
        /// The value of the `ordinal`th of them (from 0).
        case attribute(ordinal: Int)
        /// A value set in code.
        case set(String)
    }

    /// The text `text` stands for.
    func string(_ text: Text) -> String {
        switch text {
        case .attribute(let ordinal): list.value(at: position(ofOrdinal: ordinal))
        case .set(let value): value
        }
    }

    /// Where in ``list`` the `ordinal`th of them is.
    private func position(ofOrdinal ordinal: Int) -> Int {
        guard var remaining = mask else { return ordinal }
        for _ in 0..<ordinal { remaining &= remaining - 1 }
        return remaining.trailingZeroBitCount
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
