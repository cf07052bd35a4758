/// Appends big-endian bit fields to a byte array, checking each value fits.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingBits = 0
    /// The syntax structure being written, for error messages.
    var context = "splice_info_section()"

    init() { bytes.reserveCapacity(64) }

    /// Bits written so far.
    var position: Int { bytes.count * 8 + pendingBits }

    /// Writes the low `count` bits of `value` (at most 56 at a time), which must fit.
    mutating func write(_ value: UInt64, bits count: Int, _ field: String) throws(SCTE35Error) {
        guard count == 64 || value >> UInt64(count) == 0 else {
            throw SCTE35Error(.valueOutOfRange, at: .value, field: "\(context).\(field)",
                              "\(value) does not fit in \(count) bits (at most \((UInt64(1) << UInt64(count)) - 1))")
        }
        put(value, bits: count)
    }

    private mutating func put(_ value: UInt64, bits count: Int) {
        var left = count
        while left > 0 {
            let take = min(left, 32)
            left -= take
            pending = pending << UInt64(take) | (value >> UInt64(left)) & ((1 << UInt64(take)) - 1)
            pendingBits += take
            while pendingBits >= 8 {
                pendingBits -= 8
                bytes.append(UInt8(truncatingIfNeeded: pending >> UInt64(pendingBits)))
            }
            pending &= (1 << UInt64(pendingBits)) - 1
        }
    }

    mutating func flag(_ value: Bool) { put(value ? 1 : 0, bits: 1) }

    mutating func byte(_ value: UInt8) { put(UInt64(value), bits: 8) }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func append(_ data: [UInt8]) {
        precondition(pendingBits == 0, "unaligned byte write")
        bytes += data
    }

    /// Overwrites `count` bits at `bit` (already written, byte-aligned writer) with `value`.
    mutating func patch(_ value: UInt64, bits count: Int, at bit: Int, _ field: String) throws(SCTE35Error) {
        guard value >> UInt64(count) == 0 else {
            throw SCTE35Error(.valueOutOfRange, at: .value, field: "splice_info_section().\(field)",
                              "the derived value \(value) does not fit in \(count) bits")
        }
        for offset in 0..<count {
            let target = bit + offset
            let mask = UInt8(0x80) >> UInt8(target & 7)
            if value >> UInt64(count - 1 - offset) & 1 == 1 {
                bytes[target >> 3] |= mask
            } else {
                bytes[target >> 3] &= ~mask
            }
        }
    }
}
