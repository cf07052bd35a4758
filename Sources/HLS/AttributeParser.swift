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
        // Two allocations: the bytes (names and values are never longer than
        // the text), and at most one field per comma, plus one.
        var storage: [UInt8] = []
        storage.reserveCapacity(range.count)
        var fields: [AttributeList.Field] = []
        var commas = 0
        for index in range where text[index] == UInt8(ascii: ",") { commas += 1 }
        fields.reserveCapacity(min(commas + 1, 64))
        func append(_ range: Range<Int>) { storage.append(contentsOf: UnsafeBufferPointer(rebasing: text[range])) }
        func position() -> UInt32 { UInt32(truncatingIfNeeded: storage.count) }
        var index = range.lowerBound
        let end = range.upperBound
        while true {
            while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            if index == end { break }
            let nameStart = index
            while index < end, isNameByte(text[index]) { index += 1 }
            guard index > nameStart else { throw failure(at: index, "expected an attribute name") }
            let nameRange = nameStart..<index
            guard index < end, text[index] == UInt8(ascii: "=") else {
                throw failure(at: index, "expected '=' after \(string(nameRange))")
            }
            let field = position()
            append(nameRange)
            index += 1
            if index < end, text[index] == UInt8(ascii: "\"") {
                let valueStart = index + 1
                index = valueStart
                while index < end, text[index] != UInt8(ascii: "\"") { index += 1 }
                guard index < end else { throw failure(at: valueStart - 1, "unterminated quoted string for \(string(nameRange))") }
                let value = position()
                try appendValue(valueStart..<index, to: &storage)
                fields.append(.init(nameStart: field, valueStart: value, valueEnd: position(), isQuoted: true))
                index += 1
                while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            } else {
                let valueStart = index
                while index < end, text[index] != UInt8(ascii: ",") { index += 1 }
                var valueEnd = index
                while valueEnd > valueStart, text[valueEnd - 1] == 0x20 || text[valueEnd - 1] == 0x09 { valueEnd -= 1 }
                guard valueEnd > valueStart else { throw failure(at: valueStart, "empty value for \(string(nameRange))") }
                if let quote = (valueStart..<valueEnd).first(where: { text[$0] == UInt8(ascii: "\"") }) {
                    throw failure(at: quote, "stray quote in the value of \(string(nameRange))")
                }
                let value = position()
                if variables != nil, valueEnd - valueStart >= 2, text[valueStart] == UInt8(ascii: "0"),
                   text[valueStart + 1] | 0x20 == UInt8(ascii: "x") {
                    try appendValue(valueStart..<valueEnd, to: &storage)
                } else {
                    append(valueStart..<valueEnd)
                }
                fields.append(.init(nameStart: field, valueStart: value, valueEnd: position(), isQuoted: false))
            }
            if index == end { break }
            guard text[index] == UInt8(ascii: ",") else {
                throw failure(at: index, "expected ',' after the value of \(string(nameRange))")
            }
            index += 1
        }
        return AttributeList(storage: storage, fields: fields, line: line, tag: tag)
    }

    /// Appends a value, its variable references substituted when the playlist defines variables.
    private func appendValue(_ range: Range<Int>, to storage: inout [UInt8]) throws(HLSError) {
        let bytes = UnsafeBufferPointer(rebasing: text[range])
        guard let variables else {
            storage.append(contentsOf: bytes)
            return
        }
        let value = try variables.substitute(String(decoding: bytes, as: UTF8.self), line: line, tag: tag)
        storage.append(contentsOf: value.utf8)
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
