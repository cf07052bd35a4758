/// The one JSON writer: the SCTE-35, HLS, VAST and event-line renderers all
/// write through it. Minimal and fast: members are written in order, commas
/// are placed automatically, strings are escaped per RFC 8259, exact
/// decimals are written from integers without a detour through floating
/// point.
public struct JSONOutput {
    /// The bytes written so far.
    public var bytes: [UInt8]
    private var first = true

    /// Creates a writer appending to `bytes`.
    public init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Ends a line of JSON lines: writes a line feed, and the next value
    /// starts a new document.
    public mutating func endLine() {
        bytes.append(0x0A)
        first = true
    }

    /// Starts an object (as a value: after `key(_:)`, in an array, or at top level).
    public mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    /// Ends the current object.
    public mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// Starts an array value.
    public mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        first = true
    }

    /// Ends the current array.
    public mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// Writes a member key; the next value written is its value.
    public mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        first = true
    }

    /// Writes a member key known only at run time, escaped.
    public mutating func key(_ name: String) {
        value(name)
        bytes.append(UInt8(ascii: ":"))
        first = true
    }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    /// Writes an unsigned integer value.
    public mutating func value(_ number: UInt64) {
        separate()
        if number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        var digits: (UInt64, UInt64) = (0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = number
            while rest > 0 {
                buffer[15 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(16 - count)...])
        }
    }

    /// Writes a Boolean value.
    public mutating func value(_ flag: Bool) {
        separate()
        if flag {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes a string value, escaped.
    public mutating func value(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0..<0x20:
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 15)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a number given as its JSON text (e.g. exact decimal seconds), unquoted.
    public mutating func number(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `scaled / 10^decimals` as an exact decimal number, with
    /// trailing zeros of the fraction dropped: `decimal(900_030_000,
    /// decimals: 6)` writes `900.03`.
    public mutating func decimal(_ scaled: Int64, decimals: Int) {
        separate()
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let magnitude = scaled.magnitude
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(magnitude / divisor, minimumWidth: 1)
        var fraction = magnitude % divisor
        guard fraction > 0 else { return }
        var width = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        digits(fraction, minimumWidth: width)
    }

    private mutating func digits(_ value: UInt64, minimumWidth: Int) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        withUnsafeMutableBytes(of: &buffer) { scratch in
            var position = scratch.count
            var rest = value
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0 || scratch.count - position < minimumWidth
            bytes.append(contentsOf: scratch[position...])
        }
    }

    /// Writes a string value that needs no escaping (names from our own tables).
    public mutating func plain(_ text: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes bytes as a lowercase hex string value.
    public mutating func hex(_ data: [UInt8]) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in data {
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 15)])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `key: value` for an unsigned integer.
    public mutating func member(_ name: StaticString, _ number: some BinaryInteger) {
        key(name)
        value(UInt64(number))
    }

    /// Writes `key: value` for a Boolean.
    public mutating func member(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    /// Writes `key: value` for a string.
    public mutating func member(_ name: StaticString, _ text: String) {
        key(name)
        value(text)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
