import SCTE35
import StrictJSON

/// Why a JSON splice_info_section could not be read, and where: the JSON
/// path (`$.descriptors[0].segmentation_upid`) with its line and column.
public struct SpliceInfoJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String { "\(path) (line \(line), column \(column)): \(message)" }
}

/// One JSON object's members, read by key with checks; keys not in the
/// allowed list are an error, so nothing given is silently ignored.
struct JSONFields {
    let node: JSONNode
    let path: String
    private let members: [JSONNode.Member]

    init(_ node: JSONNode, path: String, allowed: [String]) throws(SpliceInfoJSONError) {
        self.node = node
        self.path = path
        guard case .object(let members) = node.value else {
            throw SpliceInfoJSONError(path: path, line: node.line, column: node.column, message: "expected an object, got \(node.typeName)")
        }
        for member in members where !allowed.contains(member.key) {
            throw SpliceInfoJSONError(path: path + "." + member.key, line: member.value.line, column: member.value.column,
                                      message: "unknown key; allowed here: \(allowed.joined(separator: ", "))")
        }
        self.members = members
    }

    func failure(_ message: String, _ key: String? = nil) -> SpliceInfoJSONError {
        let value = key.flatMap(self.node(for:)) ?? node
        return SpliceInfoJSONError(path: key.map { path + "." + $0 } ?? path, line: value.line, column: value.column, message: message)
    }

    func node(for key: String) -> JSONNode? { members.last { $0.key == key }?.value }

    func has(_ key: String) -> Bool { node(for: key) != nil }

    /// An unsigned integer below 2^bits.
    func int(_ key: String, bits: Int, default fallback: UInt64? = nil) throws(SpliceInfoJSONError) -> UInt64 {
        guard let value = node(for: key) else {
            if let fallback { return fallback }
            throw failure("missing (an integer)", nil).at(key)
        }
        guard case .number(let literal) = value.value, let number = UInt64(literal) else {
            throw failure("expected a non-negative integer, got \(value.typeName == "a number" ? value.typeName + " that is not one" : value.typeName)", key)
        }
        guard bits == 64 || number >> UInt64(bits) == 0 else {
            throw failure("\(number) does not fit in \(bits) bits (at most \((UInt64(1) << UInt64(bits)) - 1))", key)
        }
        return number
    }

    func bool(_ key: String, default fallback: Bool? = nil) throws(SpliceInfoJSONError) -> Bool {
        guard let value = node(for: key) else {
            if let fallback { return fallback }
            throw failure("missing (true or false)", nil).at(key)
        }
        guard case .bool(let flag) = value.value else { throw failure("expected true or false, got \(value.typeName)", key) }
        return flag
    }

    func string(_ key: String) throws(SpliceInfoJSONError) -> String? {
        guard let value = node(for: key) else { return nil }
        guard case .string(let text) = value.value else { throw failure("expected a string, got \(value.typeName)", key) }
        return text
    }

    /// Lowercase or uppercase hex without prefix; missing is empty.
    func hex(_ key: String) throws(SpliceInfoJSONError) -> [UInt8] {
        guard let text = try string(key), !text.isEmpty else { return [] }
        do {
            return try PayloadText.decode("0x" + text)
        } catch {
            throw failure("not hex: \(error.message)", key)
        }
    }

    /// Characters U+0000–U+00FF, one byte each.
    func latin1(_ key: String) throws(SpliceInfoJSONError) -> [UInt8] {
        guard let text = try string(key) else { return [] }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xFF else { throw failure("character U+\(String(scalar.value, radix: 16)) is not a byte", key) }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }

    /// An identifier: four characters ("CUEI") or `0x` and hex digits.
    func identifier(_ key: String) throws(SpliceInfoJSONError) -> UInt32 {
        guard let text = try string(key) else { return SpliceDescriptor.cueIdentifier }
        if text.hasPrefix("0x"), let value = UInt32(text.dropFirst(2), radix: 16) { return value }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 4, scalars.allSatisfy({ $0.value <= 0xFF }) else {
            throw failure("expected four characters such as \"CUEI\" or 0x and 8 hex digits", key)
        }
        return scalars.reduce(0) { $0 << 8 | UInt32($1.value) }
    }

    func objects(_ key: String, allowed: [String]) throws(SpliceInfoJSONError) -> [JSONFields] {
        guard let value = node(for: key) else { return [] }
        guard case .array(let elements) = value.value else { throw failure("expected an array, got \(value.typeName)", key) }
        var result: [JSONFields] = []
        for (index, element) in elements.enumerated() {
            result.append(try JSONFields(element, path: "\(path).\(key)[\(index)]", allowed: allowed))
        }
        return result
    }

    func object(_ key: String, allowed: [String]) throws(SpliceInfoJSONError) -> JSONFields {
        guard let value = node(for: key) else { throw failure("missing (an object)", nil).at(key) }
        return try JSONFields(value, path: path + "." + key, allowed: allowed)
    }
}

extension SpliceInfoJSONError {
    func at(_ key: String) -> SpliceInfoJSONError {
        var copy = self
        copy.path += "." + key
        return copy
    }
}
