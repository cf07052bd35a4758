internal import TextEcho

/// A JSON value that keeps number literals verbatim (so decimal seconds are
/// read exactly) and where each value began.
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public enum Value: Sendable, Hashable {
        /// An object: its members in the order written.
        case object([Member])
        /// An array.
        case array([JSONNode])
        /// A string, unescaped.
        case string(String)
        /// The number's literal text, e.g. `"900.03"`.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// One key of an object, with where the key began.
    public struct Member: Sendable, Hashable {
        /// The key, unescaped.
        public var key: String
        /// Its value, with where it began.
        public var value: JSONNode
    }

    /// The value.
    public var value: Value
    /// The 1-based line the value begins on.
    public var line: Int
    /// The 1-based column the value begins at.
    public var column: Int

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON syntax error with its line and column.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 JSON reader with bounded nesting.
public struct JSONReader {
    /// The deepest nesting accepted.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        // A UTF-8 byte-order mark, as some editors write, is not part of the
        // document; columns count from after it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        let node = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the document") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end of the document") }
        let (startLine, startColumn) = (line, column)
        let value: JSONNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try readObject(depth: depth)
        case UInt8(ascii: "["): value = try readArray(depth: depth)
        case UInt8(ascii: "\""): value = .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try readNumber())
        default: throw error("unexpected character \(Echo.quotedFirst(bytes[index...]))")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        var members: [JSONNode.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyError = error("duplicate key")
            let key = try readString()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(line: keyError.line, column: keyError.column, message: "duplicate key \(Echo.quoted(key))")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members.append(JSONNode.Member(key: key, value: try readValue(depth: depth + 1)))
            skipWhitespace()
            if try separatorOrEnd("}") { return .object(members) }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            if try separatorOrEnd("]") { return .array(elements) }
        }
    }

    /// Consumes `,` (returns false) or the closing bracket (returns true).
    private mutating func separatorOrEnd(_ close: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
        guard index < bytes.count else { throw error("unexpected end of the document, expected ',' or '\(close)'") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: close) else { throw error("expected ',' or '\(close)'") }
        index += 1
        return true
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(JSONSyntaxError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: scalar) else { throw error("expected '\(scalar)'") }
        index += 1
    }

    private mutating func readLiteral(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("invalid literal, expected \(word)") }
            index += 1
        }
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: exponent digits expected") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw error("control character in string") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                scalars.append(try readEscape())
                runStart = index
            } else {
                index += 1
            }
        }
    }

    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape") }
                index += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
            return scalar
        default:
            throw error("invalid escape")
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw error("invalid \\u escape") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
