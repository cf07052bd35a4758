/// A date range's ID with its hash worked out once.
///
/// The tables that look a range up by ID (the parser's recent ranges, the
/// opportunity builder's index) hash and compare the key without reading the
/// ID's bytes again, and a table that grows rehashes an integer, not every ID.
///
/// The hash is keyed per process, like `String`'s, but cheaper: a word of the
/// ID's bytes at a time, each folded in by a 128-bit multiply with a secret
/// key. Input cannot be aimed at collisions without knowing the keys, and the one table
/// these IDs go into is bounded (``RangeTable`` keeps a few thousand IDs at
/// most), so even a collision costs a longer probe, never an unbounded one.
/// IDs are told apart by their bytes, as HLS compares attribute values.
struct RangeID: Sendable, Hashable {
    /// The ID as written.
    let text: String
    /// ``hash(of:)`` of `text`.
    let hash: Int

    init(_ text: String) {
        self.text = text
        hash = Self.hash(of: text)
    }

    /// The ID `text`, whose ``hash(of:)`` is `hash`, worked out before.
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

    /// The keys, once per process, from the standard library's hash seed:
    /// random, or fixed when `SWIFT_DETERMINISTIC_HASHING` is set, as
    /// `String`'s hashes are.
    private static let keys = {
        func seeded(_ constant: UInt64) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(constant)
            return UInt64(truncatingIfNeeded: hasher.finalize())
        }
        return (start: seeded(0x5241_4E47_4549_4431), fold: seeded(0x4B45_5953_464F_4C44) | 1)
    }()

    /// The keyed hash of `text`'s UTF-8 bytes.
    static func hash(of text: String) -> Int {
        // Read in place: a native string lends its bytes without a copy.
        if let hash = text.utf8.withContiguousStorageIfAvailable(hash(of:)) { return hash }
        var text = text
        return text.withUTF8 { hash(of: $0) }
    }

    /// The keyed hash of `bytes`: the length, then each word of eight bytes
    /// (the last one overlapping the one before it), folded in one at a time.
    static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let keys = keys
        @inline(__always) func fold(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let product = (state ^ word).multipliedFullWidth(by: keys.fold)
            return product.high ^ product.low
        }
        let count = bytes.count
        var state = keys.start ^ UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        if let base = bytes.baseAddress, count > 0 {
            let raw = UnsafeRawPointer(base)
            @inline(__always) func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
            if count >= 8 {
                var offset = 0
                while offset + 8 < count {
                    state = fold(state, word(offset))
                    offset += 8
                }
                state = fold(state, word(count - 8))
            } else if count >= 4 {
                let low = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
                state = fold(state, low | high << 32)
            } else {
                // One to three bytes: the first, the middle and the last cover them all.
                state = fold(state, UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16)
            }
        }
        return Int(truncatingIfNeeded: fold(state, keys.start))
    }
}
