internal import TextEcho
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
///
/// The list keeps one copy of its text and where each name and value is in
/// it, both in one buffer; typed values are read from those bytes. A list
/// costs one allocation however many attributes it has, and a date, number
/// or hex sequence never becomes a `String` on the way to its type. Two
/// lists are equal when they hold the same attributes in the same order,
/// however they were spaced.
public struct AttributeList: Sendable, Hashable {
    /// The text the list was read from (or its names and values back to back,
    /// for a list made from ``Attribute``s), any substituted values after it,
    /// then the field table: where each attribute's name and value are, in order.
    private var storage: [UInt8]
    /// Where the field table starts in `storage`.
    private var tableStart: Int
    /// The number of attributes.
    public private(set) var count: Int
    /// Where the list was, for errors.
    let line: Int
    let tag: String

    /// One attribute: its name is `storage[nameStart..<nameEnd]`, its value
    /// (a quoted string without its quotes) `storage[valueStart..<valueEnd]`.
    /// Kept as its bytes in the field table.
    struct Field: Sendable, Hashable, BitwiseCopyable {
        var nameStart: UInt32
        var nameEnd: UInt32
        var valueStart: UInt32
        var valueEnd: UInt32
        /// 1 for a quoted string; a whole word, so the entry has no padding bytes.
        private var quoted: UInt32

        init(nameStart: UInt32, nameEnd: UInt32, valueStart: UInt32, valueEnd: UInt32, isQuoted: Bool) {
            self.nameStart = nameStart
            self.nameEnd = nameEnd
            self.valueStart = valueStart
            self.valueEnd = valueEnd
            quoted = isQuoted ? 1 : 0
        }

        var isQuoted: Bool {
            get { quoted != 0 }
            set { quoted = newValue ? 1 : 0 }
        }
    }

    public static func == (lhs: AttributeList, rhs: AttributeList) -> Bool {
        guard lhs.line == rhs.line, lhs.tag == rhs.tag, lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { lhs.sameAttribute(at: $0, as: rhs, at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(tag)
        hasher.combine(count)
        for index in 0..<count { hashAttribute(at: index, into: &hasher) }
    }

    /// Attribute `index`'s entry in the field table.
    private func field(_ index: Int) -> Field {
        precondition(index >= 0 && index < count, "attribute \(index) of \(count)")
        return storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: tableStart + index * MemoryLayout<Field>.stride, as: Field.self) }
    }

    /// `text` with the field table for `fields` after it: a list's storage.
    /// Reserve room for the table in `text` to keep it one allocation.
    static func packing(_ text: inout [UInt8], _ fields: UnsafeBufferPointer<Field>) -> (tableStart: Int, count: Int) {
        let tableStart = text.count
        text.append(contentsOf: UnsafeRawBufferPointer(fields))
        return (tableStart, fields.count)
    }

    /// Whether attribute `index` has the name, value and quoting of `other`'s attribute `otherIndex`.
    func sameAttribute(at index: Int, as other: AttributeList, at otherIndex: Int) -> Bool {
        field(index).isQuoted == other.field(otherIndex).isQuoted
            && withName(at: index) { name in other.withName(at: otherIndex) { name.elementsEqual($0) } }
            && withValue(at: index) { value in other.withValue(at: otherIndex) { value.elementsEqual($0) } }
    }

    /// Feeds attribute `index`'s name, value and quoting to `hasher`.
    func hashAttribute(at index: Int, into hasher: inout Hasher) {
        withName(at: index) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        withValue(at: index) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(field(index).isQuoted)
    }

    /// Creates a list.
    public init(_ attributes: [Attribute], line: Int = 0, tag: String = "") {
        storage = []
        tableStart = 0
        count = 0
        self.line = line
        self.tag = tag
        self.attributes = attributes
    }

    /// A list read by ``AttributeParser``: `storage` as ``packing(_:_:)`` made it.
    init(storage: [UInt8], tableStart: Int, count: Int, line: Int, tag: String) {
        self.storage = storage
        self.tableStart = tableStart
        self.count = count
        self.line = line
        self.tag = tag
    }

    /// Every attribute, in the order written.
    public var attributes: [Attribute] {
        get { (0..<count).map { self[at: $0] } }
        set {
            var text: [UInt8] = []
            var fields: [Field] = []
            fields.reserveCapacity(newValue.count)
            for attribute in newValue {
                let nameStart = UInt32(truncatingIfNeeded: text.count)
                text.append(contentsOf: attribute.name.utf8)
                let valueStart = UInt32(truncatingIfNeeded: text.count)
                text.append(contentsOf: attribute.value.utf8)
                fields.append(Field(nameStart: nameStart, nameEnd: valueStart, valueStart: valueStart,
                                    valueEnd: UInt32(truncatingIfNeeded: text.count), isQuoted: attribute.isQuoted))
            }
            (tableStart, count) = fields.withUnsafeBufferPointer { Self.packing(&text, $0) }
            storage = text
        }
    }

    /// The attributes as they would be written, `NAME=VALUE` joined by
    /// commas (each ``Attribute/text``), built in one buffer.
    public var text: String {
        storage.withUnsafeBufferPointer { bytes in
            if let length = plainlyWrittenLength() {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            var written: [UInt8] = []
            written.reserveCapacity(tableStart + 4 * count)
            for index in 0..<count {
                let field = field(index)
                if index > 0 { written.append(UInt8(ascii: ",")) }
                written.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(field.nameStart)..<Int(field.nameEnd)]))
                written.append(UInt8(ascii: "="))
                if field.isQuoted { written.append(UInt8(ascii: "\"")) }
                written.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(field.valueStart)..<Int(field.valueEnd)]))
                if field.isQuoted { written.append(UInt8(ascii: "\"")) }
            }
            return String(decoding: written, as: UTF8.self)
        }
    }

    /// How much of the text the list was read from is already what
    /// ``text`` writes, else nil. It is when the fields lie back to back
    /// from its start, each name one byte (`=`) before its value or its
    /// quote, and each value one byte (`,`) or a quote and one before the
    /// next name: no spaces between, no value substituted (those follow the
    /// text). Spaces after the last are left out. A list made from
    /// ``Attribute``s never is (its values follow their names).
    func plainlyWrittenLength() -> Int? {
        var next = 0
        for index in 0..<count {
            let field = field(index)
            let quote = field.isQuoted ? 1 : 0
            guard Int(field.nameStart) == next, Int(field.valueStart) == Int(field.nameEnd) + 1 + quote else { return nil }
            next = Int(field.valueEnd) + quote + 1
        }
        return max(next - 1, 0)
    }

    /// The attribute called `name`, if present.
    public subscript(name: String) -> Attribute? {
        index(of: name).map { self[at: $0] }
    }

    /// The attribute at a position of ``attributes``.
    subscript(at index: Int) -> Attribute {
        Attribute(name: name(at: index), value: value(at: index), isQuoted: field(index).isQuoted)
    }

    /// The position of the first attribute called `name`.
    func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted in
            storage.withUnsafeBufferPointer { bytes in
                (0..<count).first { index in
                    let field = field(index)
                    let length = Int(field.nameEnd - field.nameStart)
                    return length == wanted.count
                        && (length == 0 || Bytes.equal(bytes.baseAddress! + Int(field.nameStart), wanted.baseAddress!, length))
                }
            }
        }
    }

    func name(at index: Int) -> String { let field = field(index); return string(Int(field.nameStart)..<Int(field.nameEnd)) }
    func value(at index: Int) -> String { let field = field(index); return string(Int(field.valueStart)..<Int(field.valueEnd)) }
    func isQuoted(at index: Int) -> Bool { field(index).isQuoted }

    /// The bytes of a name, for matching without a `String`.
    func withName<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let field = field(index)
        return withBytes(Int(field.nameStart)..<Int(field.nameEnd), body)
    }

    /// The bytes of a value, for reading a typed value without a `String`.
    func withValue<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let field = field(index)
        return withBytes(Int(field.valueStart)..<Int(field.valueEnd), body)
    }

    private func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    private func string(_ range: Range<Int>) -> String {
        withBytes(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// The attributes whose names `includes` accepts, the first of each name,
    /// sharing this list's bytes. The subset has no line or tag: it is a set
    /// of attributes, equal to another with the same ones.
    func subset(_ includes: (UnsafeBufferPointer<UInt8>) -> Bool) -> AttributeList {
        var chosen: [Field] = []
        storage.withUnsafeBufferPointer { bytes in
            func name(_ field: Field) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(field.nameStart)..<Int(field.nameEnd)])
            }
            for field in (0..<count).map(field) where includes(name(field)) {
                let wanted = name(field)
                let repeated = chosen.contains { earlier in
                    let other = name(earlier)
                    return other.count == wanted.count && (wanted.isEmpty || Bytes.equal(other.baseAddress!, wanted.baseAddress!, wanted.count))
                }
                if !repeated {
                    if chosen.isEmpty { chosen.reserveCapacity(count) }
                    chosen.append(field)
                }
            }
        }
        var text = Array(storage[..<tableStart])
        text.reserveCapacity(tableStart + chosen.count * MemoryLayout<Field>.stride)
        let packed = chosen.withUnsafeBufferPointer { Self.packing(&text, $0) }
        return AttributeList(storage: text, tableStart: packed.tableStart, count: packed.count, line: 0, tag: "")
    }

    /// Whether the value at `index` is exactly `expected`.
    func value(at index: Int, is expected: StaticString) -> Bool {
        withValue(at: index) { Bytes.equal($0, expected) }
    }

    /// The attributes whose names are not in `known`, for tags that type some of them.
    public func unknown(_ known: Set<String>) -> [Attribute] {
        attributes.filter { !known.contains($0.name) }
    }

    func error(_ kind: HLSError.Kind, _ message: String) -> HLSError {
        HLSError(kind, line: line, tag: tag, message)
    }

    /// The attribute as written, for error messages.
    /// The attribute as written, quoted for a message.
    private func text(at index: Int) -> String { Echo.quoted(self[at: index].text) }

    /// A quoted-string attribute.
    func quoted(_ name: String) throws(HLSError) -> String? { try quoted(name, at: index(of: name)) }

    /// The same, for an attribute already found.
    func quoted(_ name: String, at index: Int?) throws(HLSError) -> String? {
        guard let index else { return nil }
        guard field(index).isQuoted else { throw error(.badValue, "\(name) must be a quoted string, not \(value(at: index))") }
        return value(at: index)
    }

    /// A quoted-string attribute that must be present.
    func requiredQuoted(_ name: String) throws(HLSError) -> String { try requiredQuoted(name, at: index(of: name)) }

    /// The same, for an attribute already found.
    func requiredQuoted(_ name: String, at index: Int?) throws(HLSError) -> String {
        guard let value = try quoted(name, at: index) else { throw error(.missingAttribute, "\(name) is required") }
        return value
    }

    /// An enumerated-string attribute.
    func enumerated(_ name: String) throws(HLSError) -> String? { try enumerated(name, at: index(of: name)) }

    /// The same, for an attribute already found.
    func enumerated(_ name: String, at index: Int?) throws(HLSError) -> String? {
        guard let index else { return nil }
        guard !field(index).isQuoted else { throw error(.badValue, "\(name) must not be quoted") }
        return value(at: index)
    }

    /// Whether an enumerated-string attribute is exactly `expected`.
    func enumerated(_ name: String, at index: Int?, is expected: StaticString) throws(HLSError) -> Bool {
        guard let index else { return false }
        guard !field(index).isQuoted else { throw error(.badValue, "\(name) must not be quoted") }
        return value(at: index, is: expected)
    }

    /// A decimal-integer attribute.
    func integer(_ name: String) throws(HLSError) -> UInt64? {
        guard let index = index(of: name) else { return nil }
        guard !field(index).isQuoted,
              let value = withValue(at: index, { Numbers.unsignedInteger($0, 0..<$0.count) }) else {
            throw error(.badValue, field(index).isQuoted ? "\(name) must be a decimal integer, not \(text(at: index))"
                : "\(name): " + withValue(at: index) { Numbers.integerProblem($0, 0..<$0.count) })
        }
        return value
    }

    /// A decimal-floating-point attribute (signed when `signed`), as ticks.
    func ticks(_ name: String, signed: Bool = false) throws(HLSError) -> Int64? {
        try ticks(name, at: index(of: name), signed: signed)
    }

    /// The same, for an attribute already found.
    func ticks(_ name: String, at index: Int?, signed: Bool = false) throws(HLSError) -> Int64? {
        guard let index else { return nil }
        guard !field(index).isQuoted,
              let value = withValue(at: index, { Numbers.ticks($0, 0..<$0.count, signed: signed) }) else {
            throw error(.badValue, field(index).isQuoted ? "\(name) must be a decimal number, not \(text(at: index))"
                : "\(name): " + withValue(at: index) { Numbers.decimalProblem($0, 0..<$0.count, signed: signed) })
        }
        return value
    }

    /// A decimal-floating-point attribute as a Double (frame rates, scores).
    func double(_ name: String) throws(HLSError) -> Double? {
        guard let index = index(of: name) else { return nil }
        guard !field(index).isQuoted, let value = Double(value(at: index)), value.isFinite else {
            throw error(.badValue, "\(name) must be a decimal number, not \(text(at: index))")
        }
        return value
    }

    /// A hexadecimal-sequence attribute (`0x...`), as bytes.
    func hex(_ name: String) throws(HLSError) -> [UInt8]? { try hex(name, at: index(of: name)) }

    /// The same, for an attribute already found.
    func hex(_ name: String, at index: Int?) throws(HLSError) -> [UInt8]? {
        guard let index else { return nil }
        guard !field(index).isQuoted, let bytes = withValue(at: index, Self.hexBytes) else {
            throw error(.badValue, "\(name) must be a hexadecimal sequence (0x...), not \(text(at: index))")
        }
        return bytes
    }

    /// A decimal-resolution attribute (`1920x1080`).
    func resolution(_ name: String) throws(HLSError) -> Resolution? {
        guard let index = index(of: name) else { return nil }
        let parts = value(at: index).split(separator: "x", omittingEmptySubsequences: false)
        guard !field(index).isQuoted, parts.count == 2,
              let width = Numbers.unsignedInteger(String(parts[0])),
              let height = Numbers.unsignedInteger(String(parts[1])) else {
            throw error(.badValue, "\(name) must be a resolution like 1920x1080, not \(text(at: index))")
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

    /// The bytes of a hexadecimal-sequence (`0x` then hex digits, an odd count
    /// read as if led by a zero), or nil when it is not one.
    static func hexBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") else { return nil }
        let count = utf8.count - 2
        var bad: UInt8 = 0
        let bytes = hexDigits.withUnsafeBufferPointer { digits in
            [UInt8](unsafeUninitializedCapacity: (count + 1) / 2) { buffer, initialized in
                var index = 2
                var out = 0
                if count % 2 == 1 {
                    let low = digits[Int(utf8[2])]
                    bad |= low
                    buffer[0] = low & 0x0F
                    index = 3
                    out = 1
                }
                while index < utf8.count {
                    let high = digits[Int(utf8[index])]
                    let low = digits[Int(utf8[index + 1])]
                    bad |= high | low
                    buffer[out] = high << 4 | low & 0x0F
                    index += 2
                    out += 1
                }
                initialized = out
            }
        }
        return bad & 0xF0 != 0 ? nil : bytes
    }

    /// Each byte's hex digit value, or 0xFF for a byte that is not a hex digit.
    private static let hexDigits: [UInt8] = (0...255).map { hexValue(UInt8($0)) ?? 0xFF }

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
