/// How input is quoted back in an error or warning: printable text as it is,
/// every other byte escaped, and a long echo cut short, so a message about
/// binary garbage is still one readable line of bounded length.
///
/// ```swift
/// Echo.quoted([0x41, 0x00, 0xFF])      // "A\x00\xFF"
/// Echo.quoted("a\tb")                  // "a\tb"
/// ```
public enum Echo {
    /// How many characters of input an echo shows by default.
    public static let defaultLimit = 40

    /// `bytes` in double quotes. Valid UTF-8 that prints is kept; `"` and `\`
    /// are escaped; tab, line feed and carriage return print as `\t`, `\n`,
    /// `\r`; any other control character, and any byte that is not part of
    /// valid UTF-8, prints as `\xNN`. Past `limit` characters the echo ends
    /// with `…` and the input's full length in bytes.
    /// - Complexity: O(`limit`): nothing past the cut is read.
    public static func quoted(_ bytes: some Collection<UInt8>, limit: Int = defaultLimit) -> String {
        var out = "\""
        var shown = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if shown == max(limit, 1) {
                return out + "…\" (\(bytes.count) bytes)"
            }
            let (scalar, length) = decode(bytes, at: index)
            if let scalar, isPrintable(scalar) {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default: out.unicodeScalars.append(scalar)
                }
            } else if let scalar, let short = shortEscape(scalar) {
                out += short
            } else {
                for offset in 0..<length {
                    out += hex(bytes[bytes.index(index, offsetBy: offset)])
                }
            }
            shown += 1
            index = bytes.index(index, offsetBy: length)
        }
        return out + "\""
    }

    /// Only the first character of `bytes` (a UTF-8 scalar, or one byte
    /// that is not valid UTF-8), quoted: what a parser found where it
    /// expected something else.
    public static func quotedFirst(_ bytes: some Collection<UInt8>) -> String {
        guard !bytes.isEmpty else { return "\"\"" }
        let (_, length) = decode(bytes, at: bytes.startIndex)
        return quoted(bytes.prefix(length))
    }

    /// `text` quoted the same way.
    public static func quoted(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        quoted(Array(text.utf8), limit: limit)
    }

    /// The scalar starting at `index` and how many bytes it takes; a byte
    /// that does not start a valid sequence is one byte with no scalar.
    private static func decode<C: Collection<UInt8>>(_ bytes: C, at index: C.Index) -> (Unicode.Scalar?, Int) {
        let first = bytes[index]
        let length: Int
        switch first {
        case 0x00...0x7F: return (Unicode.Scalar(first), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        var value = UInt32(first) & (0xFF >> (length + 1))
        var position = bytes.index(after: index)
        for _ in 1..<length {
            guard position != bytes.endIndex, bytes[position] & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(bytes[position] & 0x3F)
            position = bytes.index(after: position)
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }

    private static func shortEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\t": "\\t"
        case "\n": "\\n"
        case "\r": "\\r"
        default: nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
