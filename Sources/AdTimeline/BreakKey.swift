/// A break's id with its hash worked out once, as the timeline's index of
/// breaks keys it. Taking a key out of a table moves the keys that follow
/// it in their probe chain, and each moved key is placed by its hash: kept,
/// it is not the id's text hashed again for every key moved.
struct BreakKey: Sendable, Hashable {
    let id: String
    /// `id.hashValue`.
    let hash: Int

    init(_ id: String) {
        self.id = id
        hash = id.hashValue
    }

    static func == (lhs: BreakKey, rhs: BreakKey) -> Bool { lhs.hash == rhs.hash && lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// What a table asks of its keys: the kept hash mixed with the table's
    /// seed (a multiply and two shifts), so no `Hasher` runs per lookup and
    /// two tables still order the same ids differently.
    func _rawHashValue(seed: Int) -> Int {
        var bits = UInt64(bitPattern: Int64(hash ^ seed))
        bits = (bits ^ (bits >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return Int(Int64(bitPattern: bits ^ (bits >> 29)))
    }
}
