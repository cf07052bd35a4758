internal import TextEcho
internal import MediaTime
internal import StrictJSON

/// A JSON value with its path, read leniently as servers answer: `null`
/// and a missing member are the same, unknown members are ignored, but a
/// value of the wrong type is an error naming its path.
struct JSONPathValue {
    let node: JSONNode
    let path: String

    /// The document `bytes` hold, as the root value `$`, which must be an object.
    static func document(_ bytes: [UInt8]) throws(TrackingDataError) -> JSONPathValue {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw TrackingDataError(path: "$", line: error.line, column: error.column, message: "not JSON: \(error.message)")
        }
        let document = JSONPathValue(node: root, path: "$")
        try document.requireObject()
        return document
    }

    func failure(_ message: String) -> TrackingDataError {
        TrackingDataError(path: path, line: node.line, column: node.column, message: message)
    }

    var isNull: Bool { node.value == .null }

    /// The member `key` of an object, `nil` when missing or null.
    subscript(key: String) -> JSONPathValue? {
        guard case .object(let members) = node.value,
              let member = members.last(where: { $0.key == key }), member.value.value != .null
        else { return nil }
        return JSONPathValue(node: member.value, path: path + "." + key)
    }

    func requireObject() throws(TrackingDataError) {
        guard case .object = node.value else { throw failure("expected an object, got \(node.typeName)") }
    }

    func required(_ key: String) throws(TrackingDataError) -> JSONPathValue {
        try requireObject()
        guard let value = self[key] else { throw failure("missing \"\(key)\"") }
        return value
    }

    /// The elements of an array (a missing or null array is empty; see the caller).
    func elements() throws(TrackingDataError) -> [JSONPathValue] {
        guard case .array(let elements) = node.value else { throw failure("expected an array, got \(node.typeName)") }
        return elements.enumerated().map { JSONPathValue(node: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(TrackingDataError) -> String {
        guard case .string(let text) = node.value else { throw failure("expected a string, got \(node.typeName)") }
        return text
    }

    /// A string, or a number's literal (ids are given both ways).
    func identifier() throws(TrackingDataError) -> String {
        switch node.value {
        case .string(let text): return text
        case .number(let literal): return literal
        default: throw failure("expected a string or a number, got \(node.typeName)")
        }
    }

    func bool() throws(TrackingDataError) -> Bool {
        guard case .bool(let value) = node.value else { throw failure("expected true or false, got \(node.typeName)") }
        return value
    }

    /// A number of seconds, not negative, exact to the microsecond (digits
    /// below it are cut, as servers print more than they measure).
    func seconds() throws(TrackingDataError) -> MediaDuration {
        guard case .number(let literal) = node.value else { throw failure("expected a number of seconds, got \(node.typeName)") }
        return try Self.seconds(literal, at: self)
    }

    static func seconds(_ literal: String, at value: JSONPathValue) throws(TrackingDataError) -> MediaDuration {
        guard !literal.hasPrefix("-") else { throw value.failure("must not be negative, got \(literal)") }
        var text = Substring(literal)
        if let point = text.firstIndex(of: "."), !text.contains(where: { $0 == "e" || $0 == "E" }) {
            text = text[..<(text.index(point, offsetBy: 7, limitedBy: text.endIndex) ?? text.endIndex)]
        }
        do {
            return try MediaDuration(decimalSeconds: text)
        } catch {
            throw value.failure("\(literal) seconds is \(error)")
        }
    }

    /// A non-negative integer (a width, a media sequence number), given as a
    /// number or a string of digits.
    func integer() throws(TrackingDataError) -> UInt64 {
        let text: String
        switch node.value {
        case .number(let literal): text = literal
        case .string(let literal): text = literal
        default: throw failure("expected a whole number, got \(node.typeName)")
        }
        guard let value = UInt64(text) else { throw failure("expected a whole number, got \(Echo.quoted(text))") }
        return value
    }

    /// An ISO 8601 date with a time zone.
    func date() throws(TrackingDataError) -> ProgramDateTime {
        let text = try string()
        guard let date = ProgramDateTime(text) else { throw failure("expected an ISO 8601 date, got \(Echo.quoted(text))") }
        return date
    }

    /// An ISO 8601 duration (`PT1M46.08S`).
    func isoDuration() throws(TrackingDataError) -> MediaDuration {
        let text = try string()
        guard let duration = ISODuration.parse(text) else { throw failure("expected an ISO 8601 duration such as PT15.1S, got \(Echo.quoted(text))") }
        return duration
    }
}
