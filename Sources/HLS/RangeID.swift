/// A date range's ID with its hash worked out once.
///
/// The tables that look a range up by ID (the parser's recent ranges, the
/// opportunity builder's index) hash and compare the key without reading the
/// ID's bytes again, and a table that grows rehashes an integer, not every ID.
/// The hash is `String`'s own (seeded per process), so input made to collide
/// in these tables collides no more than in a `Set<String>`.
struct RangeID: Sendable, Hashable {
    /// The ID as written.
    let text: String
    /// `text.hashValue`.
    let hash: Int

    init(_ text: String) {
        self.text = text
        hash = text.hashValue
    }

    /// The ID `text`, whose `hashValue` is `hash`, worked out before.
    init(_ text: String, hash: Int) {
        self.text = text
        self.hash = hash
    }

    static func == (lhs: RangeID, rhs: RangeID) -> Bool { lhs.hash == rhs.hash && lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// What a `Dictionary` or `Set` asks of its keys: `hash`, mixed with the
    /// table's seed, and no `Hasher` run per lookup. `hash` is already a seeded
    /// hash of the ID; the mix spreads the seed's bits over the low ones the
    /// table indexes by, so two tables still order the same IDs differently.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(hash ^ seed))
        mixed ^= mixed >> 32
        mixed &*= 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return Int(Int64(bitPattern: mixed))
    }
}
