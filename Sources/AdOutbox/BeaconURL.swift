/// A beacon URL as it goes on the wire: macros left as written (`[AD_MT]`)
/// and other characters a URL may not hold are percent-encoded, and
/// nothing else is touched (an existing `%3A` stays `%3A`).
///
/// Foundation's `URL(string:)` would encode such a string as a whole,
/// `%` included, and send `%253A`; the outbox journals and sends this
/// form instead, so the journal says exactly what went out.
enum BeaconURL {
    static func wireForm(_ url: String) -> String {
        let bytes = Array(url.utf8)
        guard bytes.contains(where: { !isAllowed($0) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "%") })
        else { return url }
        // Brackets belong in the authority only (an IPv6 host).
        var authority = 0..<0
        if let schemeEnd = find(Array("://".utf8), in: bytes) {
            let start = schemeEnd + 3
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            authority = start..<end
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for (index, byte) in bytes.enumerated() {
            let isBracket = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            let isEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
            if isEscape || (isAllowed(byte) && byte != UInt8(ascii: "%") && (!isBracket || authority.contains(index))) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// RFC 3986's unreserved and reserved characters, and `%`.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("-._~:/?#[]@!$&'()*+,;=%".utf8).contains(byte)
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
