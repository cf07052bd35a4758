/// The one JSON writer: the SCTE-35, HLS, VAST and event-line renderers all
/// write through it. Minimal and fast: members are written in order, commas
/// are placed automatically, strings are escaped per RFC 8259, exact
/// decimals are written from integers without a detour through floating
/// point.
public struct JSONOutput {
    /// The bytes written so far.
    public var bytes: [UInt8]
    @usableFromInline var first = true

    /// Creates a writer appending to `bytes`.
    @inlinable public init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Ends a line of JSON lines: writes a line feed, and the next value
    /// starts a new document.
    @inlinable public mutating func endLine() {
        bytes.append(0x0A)
        first = true
    }

    /// Starts an object (as a value: after `key(_:)`, in an array, or at top level).
    @inlinable public mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    /// Ends the current object.
    @inlinable public mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// Starts an array value.
    @inlinable public mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        first = true
    }

    /// Ends the current array.
    @inlinable public mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// Writes a member key; the next value written is its value.
    @inlinable public mutating func key(_ name: StaticString) {
        assembling(name) { _ in 0 }
        first = true
    }

    /// Writes a member key known only at run time, escaped.
    @inlinable public mutating func key(_ name: String) {
        value(name)
        bytes.append(UInt8(ascii: ":"))
        first = true
    }

    @inlinable mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    /// Writes an unsigned integer value.
    @inlinable public mutating func value(_ number: UInt64) {
        if number < 10 && first {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
        } else {
            Self.onStack { scratch in
                var count = separator(into: scratch)
                count += Self.digits(number, into: scratch + count)
                bytes.append(contentsOf: UnsafeBufferPointer(start: scratch, count: count))
            }
        }
        first = false
    }

    /// Writes a Boolean value.
    @inlinable public mutating func value(_ flag: Bool) {
        separate()
        if flag {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes `null`.
    @inlinable public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes a string value, escaped. Runs that need no escape are copied whole.
    @inlinable public mutating func value(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                default:
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])  // \u00
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 15)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a number given as its JSON text (e.g. exact decimal seconds), unquoted.
    @inlinable public mutating func number(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `scaled / 10^decimals` as an exact decimal number, with
    /// trailing zeros of the fraction dropped: `decimal(900_030_000,
    /// decimals: 6)` writes `900.03`.
    @inlinable public mutating func decimal(_ scaled: Int64, decimals: Int) {
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

    @inlinable mutating func digits(_ value: UInt64, minimumWidth: Int) {
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
    @inlinable public mutating func plain(_ text: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes bytes as a lowercase hex string value.
    @inlinable public mutating func hex(_ data: [UInt8]) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in data {
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 15)])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `key: value` for an unsigned integer.
    @inlinable public mutating func member(_ name: StaticString, _ number: some BinaryInteger) {
        let number = UInt64(number)
        assembling(name) { Self.digits(number, into: $0) }
        first = false
    }

    /// Writes `key: value` for a Boolean.
    @inlinable public mutating func member(_ name: StaticString, _ flag: Bool) {
        assembling(name) { scratch in
            let word: (UInt8, UInt8, UInt8, UInt8, UInt8) = flag ? (0x74, 0x72, 0x75, 0x65, 0) : (0x66, 0x61, 0x6C, 0x73, 0x65)
            scratch[0] = word.0
            scratch[1] = word.1
            scratch[2] = word.2
            scratch[3] = word.3
            scratch[4] = word.4
            return flag ? 4 : 5
        }
        first = false
    }

    /// Writes `key: value` for a string.
    @inlinable public mutating func member(_ name: StaticString, _ text: String) {
        key(name)
        value(text)
    }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
