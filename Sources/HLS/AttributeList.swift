/// One `NAME=VALUE` of an attribute list (RFC 8216 §4.2), as written.
public struct Attribute: Sendable, Hashable {
    /// The attribute name, e.g. `BANDWIDTH`.
    public var name: String
    /// The value: a quoted string (without its quotes, variables substituted)
    /// or the unquoted text of a number, hex sequence, resolution or enumerated string.
    public var value: String
    /// Whether the value was a quoted string.
    public var isQuoted: Bool

    /// Creates an attribute.
    public init(name: String, value: String, isQuoted: Bool) {
        self.name = name
        self.value = value
        self.isQuoted = isQuoted
    }

    /// The attribute as it would be written, e.g. `URI="a.key"`.
    public var text: String { isQuoted ? "\(name)=\"\(value)\"" : "\(name)=\(value)" }
}

/// An attribute list, every attribute kept in order, known or not.
///
/// Typed tags read their attributes through the typed accessors, which throw
/// ``HLSError`` naming the line, the tag and the attribute when a value is not
/// of its type.
public struct AttributeList: Sendable, Hashable {
    /// Every attribute, in the order written.
    public var attributes: [Attribute]
    /// Where the list was, for errors.
    let line: Int
    let tag: String

    /// Creates a list.
    public init(_ attributes: [Attribute], line: Int = 0, tag: String = "") {
        self.attributes = attributes
        self.line = line
        self.tag = tag
    }

    /// The attribute called `name`, if present.
    public subscript(name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The attributes whose names are not in `known`, for tags that type some of them.
    public func unknown(_ known: Set<String>) -> [Attribute] {
        attributes.filter { !known.contains($0.name) }
    }

    func error(_ kind: HLSError.Kind, _ message: String) -> HLSError {
        HLSError(kind, line: line, tag: tag, message)
    }

    /// A quoted-string attribute.
    func quoted(_ name: String) throws(HLSError) -> String? { try quoted(name, self[name]) }

    /// The same, for an attribute already looked up.
    func quoted(_ name: String, _ attribute: Attribute?) throws(HLSError) -> String? {
        guard let attribute else { return nil }
        guard attribute.isQuoted else { throw error(.badValue, "\(name) must be a quoted string, not \(attribute.value)") }
        return attribute.value
    }

    /// A quoted-string attribute that must be present.
    func requiredQuoted(_ name: String) throws(HLSError) -> String { try requiredQuoted(name, self[name]) }

    /// The same, for an attribute already looked up.
    func requiredQuoted(_ name: String, _ attribute: Attribute?) throws(HLSError) -> String {
        guard let value = try quoted(name, attribute) else { throw error(.missingAttribute, "\(name) is required") }
        return value
    }

    /// An enumerated-string attribute.
    func enumerated(_ name: String) throws(HLSError) -> String? { try enumerated(name, self[name]) }

    /// The same, for an attribute already looked up.
    func enumerated(_ name: String, _ attribute: Attribute?) throws(HLSError) -> String? {
        guard let attribute else { return nil }
        guard !attribute.isQuoted else { throw error(.badValue, "\(name) must not be quoted") }
        return attribute.value
    }

    /// A decimal-integer attribute.
    func integer(_ name: String) throws(HLSError) -> UInt64? {
        guard let attribute = self[name] else { return nil }
        guard !attribute.isQuoted, let value = Numbers.unsignedInteger(attribute.value) else {
            throw error(.badValue, "\(name) must be a decimal integer, not \(attribute.text)")
        }
        return value
    }

    /// A decimal-floating-point attribute (signed when `signed`), as ticks.
    func ticks(_ name: String, signed: Bool = false) throws(HLSError) -> Int64? {
        try ticks(name, self[name], signed: signed)
    }

    /// The same, for an attribute already looked up.
    func ticks(_ name: String, _ attribute: Attribute?, signed: Bool = false) throws(HLSError) -> Int64? {
        guard let attribute else { return nil }
        guard !attribute.isQuoted, let value = Numbers.ticks(attribute.value, signed: signed) else {
            throw error(.badValue, "\(name) must be a decimal number, not \(attribute.text)")
        }
        return value
    }

    /// A decimal-floating-point attribute as a Double (frame rates, scores).
    func double(_ name: String) throws(HLSError) -> Double? {
        guard let attribute = self[name] else { return nil }
        guard !attribute.isQuoted, let value = Double(attribute.value), value.isFinite else {
            throw error(.badValue, "\(name) must be a decimal number, not \(attribute.text)")
        }
        return value
    }

    /// A hexadecimal-sequence attribute (`0x...`), as bytes.
    func hex(_ name: String) throws(HLSError) -> [UInt8]? { try hex(name, self[name]) }

    /// The same, for an attribute already looked up.
    func hex(_ name: String, _ attribute: Attribute?) throws(HLSError) -> [UInt8]? {
        guard let attribute else { return nil }
        guard !attribute.isQuoted, let bytes = Self.hexBytes(attribute.value) else {
            throw error(.badValue, "\(name) must be a hexadecimal sequence (0x...), not \(attribute.text)")
        }
        return bytes
    }

    /// A decimal-resolution attribute (`1920x1080`).
    func resolution(_ name: String) throws(HLSError) -> Resolution? {
        guard let attribute = self[name] else { return nil }
        let parts = attribute.value.split(separator: "x", omittingEmptySubsequences: false)
        guard !attribute.isQuoted, parts.count == 2,
              let width = Numbers.unsignedInteger(String(parts[0])),
              let height = Numbers.unsignedInteger(String(parts[1])) else {
            throw error(.badValue, "\(name) must be a resolution like 1920x1080, not \(attribute.text)")
        }
        return Resolution(width: width, height: height)
    }

    /// A `YES`/`NO` attribute.
    func flag(_ name: String) throws(HLSError) -> Bool? {
        guard let value = try enumerated(name) else { return nil }
        switch value {
        case "YES": return true
        case "NO": return false
        default: throw error(.badValue, "\(name) must be YES or NO, not \(value)")
        }
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        var copy = text
        return copy.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") else { return nil }
            let count = utf8.count - 2
            var bad = false
            let bytes = [UInt8](unsafeUninitializedCapacity: (count + 1) / 2) { buffer, initialized in
                var index = 2
                var out = 0
                if count % 2 == 1 {
                    let low = hexValue(utf8[2]) ?? 0xFF
                    bad = low == 0xFF
                    buffer[0] = low
                    index = 3
                    out = 1
                }
                while index < utf8.count {
                    let high = hexValue(utf8[index]) ?? 0xFF
                    let low = hexValue(utf8[index + 1]) ?? 0xFF
                    bad = bad || high == 0xFF || low == 0xFF
                    buffer[out] = high << 4 | low & 0x0F
                    index += 2
                    out += 1
                }
                initialized = out
            }
            return bad ? nil : bytes
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// A `decimal-resolution` value.
public struct Resolution: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: UInt64
    /// Pixels down.
    public var height: UInt64

    /// Creates a resolution.
    public init(width: UInt64, height: UInt64) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
