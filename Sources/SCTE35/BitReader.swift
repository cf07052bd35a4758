/// Reads big-endian bit fields from the front of a byte buffer.
///
/// Every read names the syntax field it is for, so a failure reports the
/// field and its bit offset. Reads never go past `limit`, which structures
/// with a length field narrow to their own end.
struct BitReader: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The next bit to read, counted from the start of the section.
    private(set) var position: Int
    /// The bit where the current structure ends.
    var limit: Int
    /// The syntax structure being read, e.g. `splice_insert()`, for error messages.
    var context: StaticString = "splice_info_section()"
    /// Tolerated departures from the standard, in the order found.
    var warnings: [SCTE35Warning] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, limitBytes: Int) {
        self.bytes = bytes
        self.position = 0
        self.limit = limitBytes * 8
    }

    /// Bits left before `limit`.
    var remaining: Int { limit - position }

    func fieldName(_ field: StaticString) -> String { "\(context).\(field)" }

    func error(_ kind: SCTE35Error.Kind, _ field: StaticString, _ message: String, at bit: Int? = nil) -> SCTE35Error {
        SCTE35Error(kind, at: .bit(bit ?? position), field: fieldName(field), message)
    }

    mutating func warn(_ field: StaticString, _ message: String, at bit: Int) {
        warnings.append(SCTE35Warning(bitOffset: bit, field: fieldName(field), message: message))
    }

    /// Reads `count` bits (at most 56, the widest field is 48) as an unsigned integer.
    mutating func bits(_ count: Int, _ field: StaticString) throws(SCTE35Error) -> UInt64 {
        assert(count <= 56, "fields are at most 48 bits")
        guard count <= remaining else {
            throw error(.truncated, field, "needs \(count) bits, \(max(remaining, 0)) remain")
        }
        // Load the 8 bytes around the field in one read (fewer at the buffer's end).
        let byteIndex = position >> 3
        var window: UInt64
        if byteIndex + 8 <= bytes.count {
            window = UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress! + byteIndex).loadUnaligned(as: UInt64.self))
        } else {
            window = 0
            for index in 0..<8 {
                window = window << 8 | (byteIndex + index < bytes.count ? UInt64(bytes[byteIndex + index]) : 0)
            }
        }
        let offset = position & 7
        position += count
        return count == 0 ? 0 : (window << UInt64(offset)) >> UInt64(64 - count)
    }

    mutating func flag(_ field: StaticString) throws(SCTE35Error) -> Bool {
        try bits(1, field) == 1
    }

    mutating func byte(_ field: StaticString) throws(SCTE35Error) -> UInt8 {
        UInt8(truncatingIfNeeded: try bits(8, field))
    }

    /// Reads reserved bits, warning when they are not all 1 as the standard requires.
    mutating func reserved(_ count: Int, after field: StaticString) throws(SCTE35Error) -> UInt8 {
        let start = position
        let value = UInt8(truncatingIfNeeded: try bits(count, "reserved"))
        let ones = UInt8(truncatingIfNeeded: (1 << count) - 1)
        if value != ones {
            warnings.append(SCTE35Warning(
                bitOffset: start, field: fieldName(field),
                message: "the \(count) reserved bits after it are \(binary(value, count)), the standard sets them to 1"
            ))
        }
        return value
    }

    /// Reads `count` whole bytes; the reader must be byte-aligned.
    mutating func bytes(_ count: Int, _ field: StaticString) throws(SCTE35Error) -> [UInt8] {
        guard count * 8 <= remaining else {
            throw error(.lengthOverrun, field, "needs \(count) bytes, \(max(remaining, 0) / 8) remain")
        }
        let start = position >> 3
        position += count * 8
        return Array(bytes[start..<start + count])
    }

    /// Moves to `bit`, which must be within the buffer.
    mutating func seek(to bit: Int) { position = bit }
}

func binary(_ value: UInt8, _ count: Int) -> String {
    let digits = String(value, radix: 2)
    return "0b" + String(repeating: "0", count: max(0, count - digits.count)) + digits
}
