internal import TextEcho
/// The byte-level reader behind ``XMLReader``: consumes the text from the
/// front, keeping the open elements on an explicit stack (so nesting depth
/// costs heap, not the call stack, and is bounded by the depth limit).
struct XMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    var position = 0
    var open: [Frame] = []
    /// Lines are counted lazily, up to the furthest offset asked about.
    var counted = (offset: 0, line: 1)

    struct Frame {
        var name: String
        var localName: String
        var attributes: [XMLAttribute]
        var content: [XMLContent] = []
        var line: Int
        var start: Int
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: - Document

    mutating func document() throws(XMLError) -> XMLElement {
        if starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if starts(with: "<?xml"), position + 5 < bytes.count, Self.isSpace(bytes[position + 5]) {
            try skip(past: "?>", what: "the XML declaration")
        }
        var root: XMLElement?
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                if try markup(afterRoot: root != nil) { continue }
                guard root == nil else { throw error(.syntax, "a second root element; a document has one") }
                root = try element()
            } else {
                let start = position
                while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                if position < bytes.count, bytes[position] != UInt8(ascii: "<") {
                    position = start
                    throw error(.syntax, "text outside the root element")
                }
            }
        }
        guard let root else { throw error(.syntax, "no root element") }
        return root
    }

    /// Comments, processing instructions and the markup refused anywhere; true
    /// when something was consumed.
    private mutating func markup(afterRoot: Bool) throws(XMLError) -> Bool {
        if starts(with: "<!--") {
            try skip(past: "-->", what: "a comment")
        } else if starts(with: "<?") {
            if starts(with: "<?xml"), position + 5 < bytes.count, Self.isSpace(bytes[position + 5]) || bytes[position + 5] == UInt8(ascii: "?") {
                throw error(.syntax, "an XML declaration is only allowed at the very start")
            }
            try skip(past: "?>", what: "a processing instruction")
        } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
            throw error(.doctype, "a document type declaration; ad documents must not have one")
        } else if starts(with: "<!") {
            throw error(.syntax, "unexpected markup \(snippet())")
        } else {
            return false
        }
        return true
    }

    // MARK: - Elements

    /// Reads the element at `<` and everything in it.
    private mutating func element() throws(XMLError) -> XMLElement {
        if let empty = try startTag() { return empty }
        // Indexed rather than `open.last`, which would copy the frame on every token.
        while !open.isEmpty {
            guard position < bytes.count else {
                let name = open[open.count - 1].name
                throw error(.syntax, "the document ends inside <\(name)>; expected </\(name)>")
            }
            if bytes[position] != UInt8(ascii: "<") {
                try text()
            } else if starts(with: "</") {
                if let element = try endTag() { return element }
            } else if starts(with: "<![CDATA[") {
                try cdata()
            } else if try !markup(afterRoot: false), let empty = try startTag() {
                open[open.count - 1].content.append(.element(empty))
            }
        }
        throw error(.syntax, "no open element")
    }

    /// Reads a start tag: pushes the element, or returns it when it closes itself (`<a/>`).
    private mutating func startTag() throws(XMLError) -> XMLElement? {
        let start = position
        position += 1
        let (name, localName) = try self.name("an element name")
        guard open.count < maxDepth else {
            position = start
            throw error(.tooDeep, "elements nest deeper than the limit of \(maxDepth)")
        }
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw error(.syntax, "the document ends inside the tag <\(name)") }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                open.append(Frame(name: name, localName: localName, attributes: attributes, line: line(at: start), start: start))
                return nil
            }
            if starts(with: "/>") {
                position += 2
                return XMLElement(name: name, localName: localName, attributes: attributes, content: [], line: line(at: start),
                                  range: start..<position)
            }
            guard hadSpace else { throw error(.syntax, "expected white space, > or /> in the tag <\(name)") }
            let attributeStart = position
            let attribute = try self.attribute(in: name)
            if attributes.contains(where: { $0.name == attribute.name }) {
                throw error(.syntax, at: attributeStart, "the attribute \(attribute.name) appears twice in <\(name)>")
            }
            attributes.append(attribute)
        }
    }

    private mutating func attribute(in element: String) throws(XMLError) -> XMLAttribute {
        let (name, localName) = try self.name("an attribute name")
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw error(.syntax, "expected = after the attribute \(name) of <\(element)>")
        }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error(.syntax, "expected a quoted value for the attribute \(name) of <\(element)>")
        }
        let quote = bytes[position]
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != quote {
            if bytes[position] == UInt8(ascii: "<") {
                throw error(.syntax, "< inside the value of the attribute \(name); write &lt;")
            }
            position += 1
        }
        guard position < bytes.count else { throw error(.syntax, "the value of the attribute \(name) is not closed") }
        let value = try decode(start..<position, attribute: true)
        position += 1
        return XMLAttribute(name: name, localName: localName, value: value)
    }

    /// Reads `</name>`; returns the root when it closes it.
    private mutating func endTag() throws(XMLError) -> XMLElement? {
        let start = position
        position += 2
        let name = try self.name("an element name").name
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw error(.syntax, "expected > to end </\(name)")
        }
        guard !open.isEmpty, open[open.count - 1].name == name else {
            throw error(.syntax, at: start, "</\(name)> does not close <\(open.last?.name ?? "")>")
        }
        position += 1
        let top = open.removeLast()
        let element = XMLElement(name: top.name, localName: top.localName, attributes: top.attributes, content: top.content,
                                 line: top.line, range: top.start..<position)
        guard !open.isEmpty else { return element }
        open[open.count - 1].content.append(.element(element))
        return nil
    }

    // MARK: - Character data

    /// Character data up to the next markup. A run of white space alone (the
    /// indentation between elements) is not kept; see ``XMLElement/content``.
    private mutating func text() throws(XMLError) {
        let start = position
        var onlySpace = true
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            if onlySpace, !Self.isSpace(bytes[position]) { onlySpace = false }
            position += 1
        }
        guard !onlySpace else { return }
        let text = try decode(start..<position, attribute: false)
        open[open.count - 1].content.append(.text(text))
    }

    private mutating func cdata() throws(XMLError) {
        let start = position + 9
        try skip(past: "]]>", what: "a CDATA section")
        let text = try string(start..<position - 3)
        open[open.count - 1].content.append(.text(text))
    }

    /// The text of `range` with references resolved and line ends normalised
    /// (and, in an attribute value, white space made spaces).
    private func decode(_ range: Range<Int>, attribute: Bool) throws(XMLError) -> String {
        var plain = true
        for index in range {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") || byte == 0x0D || (attribute && (byte == 0x0A || byte == 0x09)) {
                plain = false
                break
            }
        }
        if plain { return try string(range) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                index = try reference(at: index, end: range.upperBound, into: &decoded)
                continue
            }
            if byte == 0x0D {
                decoded.append(attribute ? 0x20 : 0x0A)
                if index + 1 < range.upperBound, bytes[index + 1] == 0x0A { index += 1 }
            } else if attribute, byte == 0x0A || byte == 0x09 {
                decoded.append(0x20)
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return try decoded.withUnsafeBufferPointer { (buffer) throws(XMLError) in
            if Self.isASCII(buffer) { return String(decoding: buffer, as: UTF8.self) }
            guard let text = String(validating: buffer, as: UTF8.self) else {
                throw error(.encoding, at: range.lowerBound, "the text is not valid UTF-8")
            }
            return text
        }
    }

    /// Resolves the reference at `index` (`&lt;`, `&#65;`, `&#x41;`) and returns the index after its `;`.
    private func reference(at index: Int, end: Int, into decoded: inout [UInt8]) throws(XMLError) -> Int {
        var semicolon = index + 1
        while semicolon < end, semicolon - index <= 12, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < end, bytes[semicolon] == UInt8(ascii: ";") else {
            throw error(.syntax, at: index, "& must start a reference such as &amp; (a bare & is written &amp;)")
        }
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        default:
            if name.hasPrefix("#x") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw error(.undefinedEntity, at: index, "the entity &\(name); is not defined; only &lt; &gt; &amp; &apos; &quot; are")
            }
        }
        guard let scalar, scalar.value != 0 else {
            throw error(.syntax, at: index, "&\(name); is not a character XML allows")
        }
        decoded.append(contentsOf: String(Character(scalar)).utf8)
        return semicolon + 1
    }

    func string(_ range: Range<Int>) throws(XMLError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // ASCII, nearly all of an ad document, needs no validation.
        if Self.isASCII(slice) { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw error(.encoding, at: range.lowerBound, "the text is not valid UTF-8")
        }
        return text
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let raw = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
