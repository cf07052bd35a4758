internal import TextEcho
/// The scanner's smallest pieces: names, white space, fixed strings, and
/// where in the text an offset is.
extension XMLScanner {
    // MARK: - Tokens

    /// A name, and its part after the last colon.
    mutating func name(_ what: String) throws(XMLError) -> (name: String, local: String) {
        let start = position
        guard position < bytes.count, Self.isNameStart(bytes[position]) else {
            throw error(.syntax, "expected \(what), found \(snippet())")
        }
        var colon: Int?
        position += 1
        while position < bytes.count, Self.isNameStart(bytes[position]) || Self.isNameRest(bytes[position]) {
            if bytes[position] == UInt8(ascii: ":") { colon = position }
            position += 1
        }
        let name = try string(start..<position)
        guard let colon else { return (name, name) }
        return (name, try string(colon + 1..<position))
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    /// Moves past the next `terminator`, or fails naming what was left open.
    mutating func skip(past terminator: StaticString, what: String) throws(XMLError) {
        let start = position
        let count = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start[0]
        var index = position
        while index + count <= bytes.count {
            if bytes[index] == first, (0..<count).allSatisfy({ bytes[index + $0] == terminator.utf8Start[$0] }) {
                position = index + count
                return
            }
            index += 1
        }
        position = start
        throw error(.syntax, "\(what) is not closed; expected \(terminator)")
    }

    func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != prefix.utf8Start[index] { return false }
        return true
    }

    func starts(with prefix: [UInt8]) -> Bool {
        position + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[position + $0] == prefix[$0] }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    static func isNameRest(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E }

    // MARK: - Locations

    mutating func line(at offset: Int) -> Int {
        if offset < counted.offset { counted = (0, 1) }
        var line = counted.line
        for index in counted.offset..<offset where bytes[index] == 0x0A { line += 1 }
        counted = (offset, line)
        return line
    }

    func snippet() -> String {
        Echo.quoted(bytes[position..<min(position + 12, bytes.count)])
    }

    func error(_ kind: XMLError.Kind, _ message: String) -> XMLError { error(kind, at: position, message) }

    func error(_ kind: XMLError.Kind, at offset: Int, _ message: String) -> XMLError {
        let offset = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let path = open.isEmpty ? "" : "/" + open.map(\.name).joined(separator: "/")
        return XMLError(kind, line: line, column: offset - lineStart + 1, offset: offset, path: path, message)
    }
}
