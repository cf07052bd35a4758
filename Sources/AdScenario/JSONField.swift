internal import TextEcho
import StrictJSON
import MediaTime

/// A JSON value with its path, read with checks that throw
/// ``ScenarioError`` naming the path.
struct JSONField {
    let node: JSONNode
    let path: String

    func failure(_ message: String) -> ScenarioError {
        ScenarioError(path: path, line: node.line, column: node.column, message: message)
    }

    /// The object's members; keys outside `allowed` are an error listing them.
    func object(allowing allowed: [String]) throws(ScenarioError) -> JSONObjectFields {
        guard case .object(let members) = node.value else { throw failure("expected an object, got \(node.typeName)") }
        for member in members where !allowed.contains(member.key) {
            let field = JSONField(node: member.value, path: path + "." + member.key)
            throw field.failure("unknown key \(Echo.quoted(member.key)); allowed: \(allowed.joined(separator: ", "))")
        }
        return JSONObjectFields(field: self, members: members)
    }

    func array() throws(ScenarioError) -> [JSONField] {
        guard case .array(let elements) = node.value else { throw failure("expected an array, got \(node.typeName)") }
        return elements.enumerated().map { JSONField(node: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(ScenarioError) -> String {
        guard case .string(let text) = node.value else { throw failure("expected a string, got \(node.typeName)") }
        return text
    }

    func nonEmptyString() throws(ScenarioError) -> String {
        let text = try string()
        guard !text.isEmpty else { throw failure("must not be empty") }
        return text
    }

    func bool() throws(ScenarioError) -> Bool {
        guard case .bool(let value) = node.value else { throw failure("expected true or false, got \(node.typeName)") }
        return value
    }

    /// A number of seconds, exact to the microsecond, within bounds.
    func seconds(atLeast minimum: MediaDuration = .zero, positive: Bool = false) throws(ScenarioError) -> MediaDuration {
        guard case .number(let literal) = node.value else {
            throw failure("expected a number of seconds, got \(node.typeName)")
        }
        let value: MediaDuration
        do {
            value = try MediaDuration(decimalSeconds: Substring(literal))
        } catch {
            throw failure("\(literal) seconds is \(error)")
        }
        if positive, value <= .zero { throw failure("must be more than 0 seconds, got \(literal)") }
        guard value >= minimum else { throw failure("must be at least \(minimum) seconds, got \(literal)") }
        return value
    }

    /// One of an enum's raw values.
    func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws(ScenarioError) -> Value
    where Value.RawValue == String {
        let text = try string()
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure("unknown value \(Echo.quoted(text)); allowed: \(allowed)")
        }
        return value
    }
}

/// The members of a JSON object, looked up by key.
struct JSONObjectFields {
    let field: JSONField
    let members: [JSONNode.Member]

    subscript(key: String) -> JSONField? {
        members.first { $0.key == key }.map { JSONField(node: $0.value, path: field.path + "." + key) }
    }

    func required(_ key: String) throws(ScenarioError) -> JSONField {
        guard let value = self[key] else { throw field.failure("missing key \"\(key)\"") }
        return value
    }

    var keys: [String] { members.map(\.key) }
}
