internal import TextEcho
internal import MediaTime
internal import StrictJSON

/// A JSON document an HLS feature carries (an asset list, creative
/// signalling), read with the JSON path of every value.
struct DocumentField {
    let node: JSONNode
    let path: String

    /// Where a value is wrong, and why.
    struct Failure: Error {
        var path: String
        var line: Int
        var column: Int
        var message: String
    }

    /// The document's root, or where it is not JSON.
    static func root(_ bytes: [UInt8]) throws(Failure) -> DocumentField {
        do {
            return DocumentField(node: try JSONReader.parse(bytes), path: "$")
        } catch {
            throw Failure(path: "$", line: error.line, column: error.column, message: "not JSON: \(error.message)")
        }
    }

    func failure(_ message: String) -> Failure {
        Failure(path: path, line: node.line, column: node.column, message: message)
    }

    /// The member `key` of this object; nil when absent or null, unless `required`.
    func member(_ key: String, required: Bool = false) throws(Failure) -> DocumentField? {
        guard case .object(let members) = node.value else { throw failure("expected an object, got \(node.typeName)") }
        guard let member = members.last(where: { $0.key == key }), member.value.value != .null else {
            if required { throw failure("missing \"\(key)\"") }
            return nil
        }
        return DocumentField(node: member.value, path: path + "." + key)
    }

    func elements() throws(Failure) -> [DocumentField] {
        guard case .array(let elements) = node.value else { throw failure("expected an array, got \(node.typeName)") }
        return elements.enumerated().map { DocumentField(node: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(Failure) -> String {
        guard case .string(let text) = node.value else { throw failure("expected a string, got \(node.typeName)") }
        return text
    }

    func integer() throws(Failure) -> Int {
        guard case .number(let text) = node.value, let value = Int(text) else { throw failure("expected an integer, got \(node.typeName)") }
        return value
    }

    /// Seconds, 0 or more, written as a number (or, as some servers do, a string of one).
    func seconds() throws(Failure) -> MediaDuration {
        let literal: String
        switch node.value {
        case .number(let text), .string(let text): literal = text
        default: throw failure("expected a number of seconds, got \(node.typeName)")
        }
        guard !literal.hasPrefix("-") else { throw failure("must not be negative, got \(literal)") }
        do {
            return try MediaDuration(decimalSeconds: Substring(literal))
        } catch {
            throw failure("expected a number of seconds, got \(Echo.quoted(literal)): \(error)")
        }
    }
}
