/// The text forms a payload arrives in: base64 (as in HLS tags) or hex
/// (`0x` prefix optional, any case).
public enum PayloadText {
    /// Decodes base64 or hex text to bytes.
    ///
    /// Text with a `0x`/`0X` prefix, or made only of hex digits, is hex;
    /// anything else is base64 (standard alphabet, `=` padding optional).
    /// A splice_info_section in base64 always begins with `/` (table_id
    /// 0xFC), which is not a hex digit, so the two cannot be confused.
    /// Surrounding spaces, tabs and line ends are ignored.
    public static func decode(_ text: some StringProtocol) throws(SCTE35Error) -> [UInt8] {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(SCTE35Error) in try decode(buffer) }
        }
        if let contiguous { return try contiguous.get() }
        var utf8 = Array(text.utf8)
        return try utf8.withUnsafeMutableBufferPointer { buffer throws(SCTE35Error) in
            try decode(UnsafeBufferPointer(buffer))
        }
    }

    /// Decodes base64 or hex text given as UTF-8 bytes; see ``decode(_:)-swift.type.method``.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(SCTE35Error) -> [UInt8] {
        var bytes: [UInt8] = []
        try decode(text, into: &bytes)
        return bytes
    }

    /// The same, into `bytes`, whose room is reused: a caller decoding many
    /// payloads allocates once. `bytes` then holds the payload's bytes only;
    /// after an error, it holds nothing to rely on.
    package static func decode(_ text: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) throws(SCTE35Error) {
        bytes.removeAll(keepingCapacity: true)
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { throw SCTE35Error(.emptyInput, at: .character(0), field: "payload", "the payload is empty") }
        if end - start >= 2, text[start] == UInt8(ascii: "0"), text[start + 1] | 0x20 == UInt8(ascii: "x") {
            return try hex(text, from: start + 2, to: end, into: &bytes)
        }
        var allHex = true
        for index in start..<end where hexValue(text[index]) == nil {
            allHex = false
            break
        }
        if allHex { try hex(text, from: start, to: end, into: &bytes) } else { try base64(text, from: start, to: end, into: &bytes) }
    }

    /// Decodes base64 text only (standard alphabet, `=` padding optional),
    /// for payloads that are never hex (a JSON document, say); surrounding
    /// spaces are ignored. Errors give the character offset.
    public static func decode(base64 text: some StringProtocol) throws(SCTE35Error) -> [UInt8] {
        var utf8 = Array(text.utf8)
        return try utf8.withUnsafeMutableBufferPointer { buffer throws(SCTE35Error) in
            let text = UnsafeBufferPointer(buffer)
            var start = 0
            var end = text.count
            while start < end, isSpace(text[start]) { start += 1 }
            while end > start, isSpace(text[end - 1]) { end -= 1 }
            guard start < end else { throw SCTE35Error(.emptyInput, at: .character(0), field: "payload", "the payload is empty") }
            var bytes: [UInt8] = []
            try base64(text, from: start, to: end, into: &bytes)
            return bytes
        }
    }

    /// Encodes bytes as standard base64 with padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((value >> UInt32(shift)) & 63)]) }
            index += 3
        }
        let left = bytes.count - index
        if left > 0 {
            let value = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(value >> 18 & 63)])
            out.append(alphabet[Int(value >> 12 & 63)])
            out.append(left == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Encodes bytes as lowercase hex without a prefix.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let hexDigits = Array("0123456789abcdef".utf8)
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let base64Values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, char) in alphabet.enumerated() { values[Int(char)] = UInt8(index) }
        return values
    }()

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Appends the bytes of hex `text[start..<end]` to `bytes`.
    private static func hex(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into bytes: inout [UInt8]) throws(SCTE35Error) {
        guard start < end else { throw SCTE35Error(.emptyInput, at: .character(start), field: "payload", "no hex digits after 0x") }
        guard (end - start) % 2 == 0 else {
            throw SCTE35Error(.invalidText, at: .character(end - 1), field: "payload", "hex has an odd number of digits (\(end - start))")
        }
        var out = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: (end - start) / 2))
        var index = start
        while index < end {
            guard let high = hexValue(text[index]) else { throw invalidCharacter(text[index], at: index, in: "hex") }
            guard let low = hexValue(text[index + 1]) else { throw invalidCharacter(text[index + 1], at: index + 1, in: "hex") }
            bytes[out] = high << 4 | low
            out += 1
            index += 2
        }
    }

    /// Appends the bytes of base64 `text[start..<end]` to `bytes`.
    private static func base64(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into bytes: inout [UInt8]) throws(SCTE35Error) {
        var dataEnd = end
        while dataEnd > start, text[dataEnd - 1] == UInt8(ascii: "="), end - dataEnd < 2 { dataEnd -= 1 }
        let count = dataEnd - start
        guard count % 4 != 1 else {
            throw SCTE35Error(.invalidText, at: .character(dataEnd - 1), field: "payload",
                              "base64 cannot have \(count) characters before padding (a multiple of 4 less 1)")
        }
        if end != dataEnd, (count + end - dataEnd) % 4 != 0 {
            throw SCTE35Error(.invalidText, at: .character(dataEnd), field: "payload", "base64 padding does not complete a 4-character group")
        }
        let byteCount = count * 6 / 8
        var failure: SCTE35Error?
        bytes.append(contentsOf: repeatElement(0, count: byteCount))
        let first = bytes.count - byteCount
        bytes.withUnsafeMutableBufferPointer { all in
            let output = UnsafeMutableBufferPointer(rebasing: all[first...])
            base64Values.withUnsafeBufferPointer { values in
                var accumulator: UInt32 = 0
                var bits = 0
                var out = 0
                for index in start..<dataEnd {
                    let value = values[Int(text[index])]
                    guard value != 0xFF else {
                        failure = invalidCharacter(text[index], at: index, in: "base64")
                        return
                    }
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        output[out] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                        out += 1
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    private static func invalidCharacter(_ byte: UInt8, at index: Int, in form: String) -> SCTE35Error {
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + hex([byte])
        return SCTE35Error(.invalidText, at: .character(index), field: "payload", "\(shown) is not a \(form) character")
    }
}
