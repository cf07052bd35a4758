/// Variables defined by `#EXT-X-DEFINE` and their substitution into `{$name}`
/// references (RFC 8216bis §4.3).
public struct Variables: Sendable, Hashable {
    /// Values by name.
    public var values: [String: String]

    /// Creates a set of variables.
    public init(_ values: [String: String] = [:]) { self.values = values }

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
