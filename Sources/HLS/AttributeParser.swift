/// Reads the attribute-list syntax of RFC 8216 §4.2 from the bytes of one line.
struct AttributeParser {
    let text: UnsafeBufferPointer<UInt8>
    let lineStart: Int
    let line: Int
    let tag: String
    let variables: Variables?

    /// Parses `NAME=VALUE(,NAME=VALUE)*` in `range`. Spaces around separators
    /// are tolerated (real playlists have them); everything else is checked.
    ///
    /// The list keeps one copy of the text and, after it, where each name and
    /// value is in it: one allocation of the exact size, made once the line is
    /// read, and no byte is moved twice. A value with variable references is
    /// substituted after the copy. The fields are gathered in a temporary
    /// buffer until their count is known.
    func parse(_ range: Range<Int>) throws(HLSError) -> AttributeList {
        let parsed = withUnsafeTemporaryAllocation(of: AttributeList.Field.self, capacity: Self.gatheredOnStack) { buffer in
            Result { () throws(HLSError) in try parse(range, gathering: buffer) }
        }
        return try parsed.get()
    }

    /// How many fields are gathered in place (under a kilobyte, so on the
    /// stack); a longer list's others go into a growing array.
    private static let gatheredOnStack = 1_024 / MemoryLayout<AttributeList.Field>.stride

    private func parse(_ range: Range<Int>, gathering gathered: UnsafeMutableBufferPointer<AttributeList.Field>) throws(HLSError) -> AttributeList {
        var substituted: [UInt8] = []
        var count = 0
        var overflow: [AttributeList.Field] = []
        let base = range.lowerBound
        func offset(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: index - base) }
        var index = range.lowerBound
        let end = range.upperBound
        while true {
            while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            if index == end { break }
            let nameStart = index
            index = Self.nameEnd(text.baseAddress!, index, end)
            guard index > nameStart else { throw failure(at: index, "expected an attribute name") }
            let nameRange = nameStart..<index
            guard index < end, text[index] == UInt8(ascii: "=") else {
                throw failure(at: index, "expected '=' after \(string(nameRange))")
            }
            index += 1
            var field = AttributeList.Field(nameStart: offset(nameStart), nameEnd: offset(nameRange.upperBound),
                                            valueStart: 0, valueEnd: 0, isQuoted: false)
            if index < end, text[index] == UInt8(ascii: "\"") {
                let valueStart = index + 1
                index = valueStart
                index = Bytes.find(UInt8(ascii: "\""), text.baseAddress!, valueStart, end)
                guard index < end else { throw failure(at: valueStart - 1, "unterminated quoted string for \(string(nameRange))") }
                field.isQuoted = true
                try place(valueStart..<index, in: &field, substituted: &substituted, base: base, copied: end - base)
                index += 1
                while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            } else {
                let valueStart = index
                index = Bytes.find(UInt8(ascii: ","), text.baseAddress!, index, end)
                var valueEnd = index
                while valueEnd > valueStart, text[valueEnd - 1] == 0x20 || text[valueEnd - 1] == 0x09 { valueEnd -= 1 }
                guard valueEnd > valueStart else { throw failure(at: valueStart, "empty value for \(string(nameRange))") }
                let quote = Bytes.find(UInt8(ascii: "\""), text.baseAddress!, valueStart, valueEnd)
                if quote < valueEnd {
                    throw failure(at: quote, "stray quote in the value of \(string(nameRange))")
                }
                if valueEnd - valueStart >= 2, text[valueStart] == UInt8(ascii: "0"), text[valueStart + 1] | 0x20 == UInt8(ascii: "x") {
                    try place(valueStart..<valueEnd, in: &field, substituted: &substituted, base: base, copied: end - base)
                } else {
                    field.valueStart = offset(valueStart)
                    field.valueEnd = offset(valueEnd)
                }
            }
            if count < gathered.count { gathered[count] = field } else { overflow.append(field) }
            count += 1
            if index == end { break }
            guard text[index] == UInt8(ascii: ",") else {
                throw failure(at: index, "expected ',' after the value of \(string(nameRange))")
            }
            index += 1
        }
        var storage: [UInt8] = []
        storage.reserveCapacity(range.count + substituted.count + count * MemoryLayout<AttributeList.Field>.stride)
        storage.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        storage.append(contentsOf: substituted)
        let packed: (tableStart: Int, count: Int)
        if overflow.isEmpty {
            packed = AttributeList.packing(&storage, UnsafeBufferPointer(rebasing: gathered[..<count]))
        } else {
            overflow.insert(contentsOf: gathered, at: 0)
            packed = overflow.withUnsafeBufferPointer { AttributeList.packing(&storage, $0) }
        }
        return AttributeList(storage: storage, tableStart: packed.tableStart, count: packed.count, line: line, tag: tag)
    }

    /// Points `field`'s value at `range` of the copied text or, when the
    /// playlist defines variables and the value refers to one, at its
    /// substitution, gathered in `substituted`, which follows the text.
    private func place(_ range: Range<Int>, in field: inout AttributeList.Field, substituted: inout [UInt8], base: Int, copied: Int) throws(HLSError) {
        let bytes = UnsafeBufferPointer(rebasing: text[range])
        if let variables {
            let written = String(decoding: bytes, as: UTF8.self)
            let value = try variables.substitute(written, line: line, tag: tag)
            if value != written {
                // After the copied text, which is as long as the parsed range.
                field.valueStart = UInt32(truncatingIfNeeded: copied + substituted.count)
                substituted.append(contentsOf: value.utf8)
                field.valueEnd = UInt32(truncatingIfNeeded: copied + substituted.count)
                return
            }
        }
        field.valueStart = UInt32(truncatingIfNeeded: range.lowerBound - base)
        field.valueEnd = UInt32(truncatingIfNeeded: range.upperBound - base)
    }

    /// The index of the first byte in `start..<end` that is not a name byte,
    /// or `end`: eight bytes at a time, each word classified with no branch
    /// per byte, then the tail one at a time.
    @inline(__always)
    private static func nameEnd(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        // Most names end within 16 bytes, at a place no branch predicts: both
        // words are classified, and the first end is picked without a branch.
        if index + 16 <= end {
            let first = notNameBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)).littleEndian
            let second = notNameBytes(raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)).littleEndian
            let inFirst = first.trailingZeroBitCount >> 3
            let inSecond = 8 + second.trailingZeroBitCount >> 3
            if first | second != 0 { return index + (first != 0 ? inFirst : inSecond) }
            index += 16
        }
        while index + 8 <= end {
            let outside = notNameBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if outside != 0 { return index + (outside.littleEndian.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < end, isNameByte(base[index]) { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` (as loaded, little-endian) that is
    /// not a name byte. Each test is exact per byte: no carry crosses a byte.
    @inline(__always)
    private static func notNameBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~high
        // Bytes of `low7` in lower...upper: adding (0x80 - lower) sets the high
        // bit from `lower` up; adding (0x7F - upper) sets it above `upper`.
        func within(_ value: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
            (value &+ ones &* UInt64(0x80 - lower)) & ~(value &+ ones &* UInt64(0x7F - upper)) & high
        }
        // Bytes equal to `byte`: the ones whose XOR with it is zero.
        func equal(_ byte: UInt8) -> UInt64 {
            let difference = low7 ^ ones &* UInt64(byte)
            return ~((difference &+ ones &* 0x7F) | difference) & high
        }
        let names = within(low7, 0x30, 0x39) | within(low7 | ones &* 0x20, 0x61, 0x7A) | equal(0x2D) | equal(0x5F)
        // A byte of 0x80 or above is never a name byte.
        return ~names & high | word & high
    }

    /// `A-Z`, `a-z`, `0-9`, `-` and `_`, as bits: one test, no branches per range.
    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        // Bit n of the first word is byte n (0-63), of the second byte 64 + n.
        let low: UInt64 = 1 << 45 | 0x03FF << 48
        let high: UInt64 = 0x07FF_FFFE | 1 << 31 | 0x07FF_FFFE << 32
        guard byte < 128 else { return false }
        return (byte < 64 ? low : high) >> UInt64(byte & 63) & 1 == 1
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    private func failure(at index: Int, _ message: String) -> HLSError {
        HLSError(.badAttributes, line: line, tag: tag, "attribute list: \(message) at column \(index - lineStart + 1)")
    }
}
