/// Reads the attribute-list syntax of RFC 8216 §4.2 from the bytes of one line.
struct AttributeParser {
    let text: UnsafeBufferPointer<UInt8>
    let lineStart: Int
    let line: Int
    let tag: String
    let variables: Variables?

    /// Parses `NAME=VALUE(,NAME=VALUE)*` in `range`. Spaces around separators
    /// are tolerated (real playlists have them); everything else is checked.
    func parse(_ range: Range<Int>) throws(HLSError) -> AttributeList {
        var attributes: [Attribute] = []
        // One allocation: at most one attribute per comma, plus one.
        var commas = 0
        for index in range where text[index] == UInt8(ascii: ",") { commas += 1 }
        attributes.reserveCapacity(min(commas + 1, 64))
        var index = range.lowerBound
        let end = range.upperBound
        while true {
            while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            if index == end { break }
            let nameStart = index
            while index < end, isNameByte(text[index]) { index += 1 }
            guard index > nameStart else { throw failure(at: index, "expected an attribute name") }
            let name = string(nameStart..<index)
            guard index < end, text[index] == UInt8(ascii: "=") else {
                throw failure(at: index, "expected '=' after \(name)")
            }
            index += 1
            if index < end, text[index] == UInt8(ascii: "\"") {
                let valueStart = index + 1
                index = valueStart
                while index < end, text[index] != UInt8(ascii: "\"") { index += 1 }
                guard index < end else { throw failure(at: valueStart - 1, "unterminated quoted string for \(name)") }
                var value = string(valueStart..<index)
                if let variables { value = try variables.substitute(value, line: line, tag: tag) }
                attributes.append(Attribute(name: name, value: value, isQuoted: true))
                index += 1
                while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            } else {
                let valueStart = index
                while index < end, text[index] != UInt8(ascii: ",") { index += 1 }
                var valueEnd = index
                while valueEnd > valueStart, text[valueEnd - 1] == 0x20 || text[valueEnd - 1] == 0x09 { valueEnd -= 1 }
                guard valueEnd > valueStart else { throw failure(at: valueStart, "empty value for \(name)") }
                if let quote = (valueStart..<valueEnd).first(where: { text[$0] == UInt8(ascii: "\"") }) {
                    throw failure(at: quote, "stray quote in the value of \(name)")
                }
                var value = string(valueStart..<valueEnd)
                if let variables, value.hasPrefix("0x") || value.hasPrefix("0X") {
                    value = try variables.substitute(value, line: line, tag: tag)
                }
                attributes.append(Attribute(name: name, value: value, isQuoted: false))
            }
            if index == end { break }
            guard text[index] == UInt8(ascii: ",") else {
                throw failure(at: index, "expected ',' after the value of \(name)")
            }
            index += 1
        }
        return AttributeList(attributes, line: line, tag: tag)
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    private func failure(at index: Int, _ message: String) -> HLSError {
        HLSError(.badAttributes, line: line, tag: tag, "attribute list: \(message) at column \(index - lineStart + 1)")
    }
}
