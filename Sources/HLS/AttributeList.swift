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
    func quoted(_ name: String) throws(HLSError) -> String? {
        guard let attribute = self[name] else { return nil }
        guard attribute.isQuoted else { throw error(.badValue, "\(name) must be a quoted string, not \(attribute.value)") }
        return attribute.value
    }

    /// A quoted-string attribute that must be present.
    func requiredQuoted(_ name: String) throws(HLSError) -> String {
        guard let value = try quoted(name) else { throw error(.missingAttribute, "\(name) is required") }
        return value
    }

    /// An enumerated-string attribute.
    func enumerated(_ name: String) throws(HLSError) -> String? {
        guard let attribute = self[name] else { return nil }
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
        guard let attribute = self[name] else { return nil }
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
    func hex(_ name: String) throws(HLSError) -> [UInt8]? {
        guard let attribute = self[name] else { return nil }
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
        let utf8 = Array(text.utf8)
        guard utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") else { return nil }
        var digits = utf8[2...]
        var bytes: [UInt8] = []
        bytes.reserveCapacity((digits.count + 1) / 2)
        if digits.count % 2 == 1 {
            guard let low = hexValue(digits.first!) else { return nil }
            bytes.append(low)
            digits = digits.dropFirst()
        }
        var index = digits.startIndex
        while index < digits.endIndex {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
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
