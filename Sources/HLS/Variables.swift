/// Variables defined by `#EXT-X-DEFINE` and their substitution into `{$name}`
/// references (RFC 8216bis §4.3).
public struct Variables: Sendable, Hashable {
    /// Values by name.
    public var values: [String: String]

    /// Creates a set of variables.
    public init(_ values: [String: String] = [:]) { self.values = values }

    /// Applies an `#EXT-X-DEFINE` (RFC 8216bis §4.4.2.3): `NAME`+`VALUE`, or
    /// `IMPORT` (media playlists only) / `QUERYPARAM` taken from `imported`.
    mutating func define(_ list: AttributeList, imported: [String: String], allowImport: Bool) throws(HLSError) {
        if let name = try list.quoted("NAME") {
            guard let value = try list.quoted("VALUE") else { throw list.error(.missingAttribute, "VALUE is required with NAME") }
            values[name] = value
            return
        }
        var name = try list.quoted("QUERYPARAM")
        if name == nil, allowImport { name = try list.quoted("IMPORT") }
        guard let name else {
            throw list.error(.missingAttribute, allowImport ? "NAME, IMPORT or QUERYPARAM is required" : "NAME or QUERYPARAM is required")
        }
        guard let value = imported[name] else {
            throw list.error(.undefinedVariable, "\(name) is not provided by the multivariant playlist or URL")
        }
        values[name] = value
    }

    /// `text` with every `{$name}` replaced. A reference to an undefined
    /// variable is an error, as the specification requires.
    func substitute(_ text: String, line: Int, tag: String?) throws(HLSError) -> String {
        guard text.contains("{$") else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "$"),
                  let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            guard let value = values[name] else {
                throw HLSError(.undefinedVariable, line: line, tag: tag, "{$\(name)} is not defined by #EXT-X-DEFINE")
            }
            result.append(contentsOf: value.utf8)
            index = close + 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
