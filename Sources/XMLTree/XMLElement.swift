/// An element of an XML document, with its attributes and content in order.
///
/// Names are kept as written (`vmap:AdBreak`); queries go by local name, the
/// part after the prefix, so a document reads the same whatever prefix it
/// uses, declared or not.
public struct XMLElement: Sendable, Hashable {
    /// The name as written, prefix included.
    public var name: String
    /// The attributes in document order, names as written.
    public var attributes: [XMLAttribute]
    /// Child elements and character data, in document order.
    public var content: [XMLContent]
    /// Where the element starts: the 1-based line of its `<`.
    public var line: Int
    /// The bytes the element spans in the document, start tag to end tag.
    public var range: Range<Int>

    /// Creates an element.
    public init(name: String, attributes: [XMLAttribute] = [], content: [XMLContent] = [], line: Int = 1,
                range: Range<Int> = 0..<0) {
        self.name = name
        self.attributes = attributes
        self.content = content
        self.line = line
        self.range = range
    }

    /// The name without its namespace prefix.
    public var localName: Substring { Self.localName(of: name) }

    /// The value of the first attribute with this local name.
    public func attribute(_ localName: String) -> String? {
        attributes.first { Self.localName(of: $0.name) == localName }?.value
    }

    /// The child elements, in order.
    public var children: [XMLElement] {
        content.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The child elements with this local name, in order.
    public func children(_ localName: String) -> [XMLElement] {
        content.compactMap {
            if case .element(let element) = $0, element.localName == localName { element } else { nil }
        }
    }

    /// The first child element with this local name.
    public func child(_ localName: String) -> XMLElement? {
        for case .element(let element) in content where element.localName == localName { return element }
        return nil
    }

    /// The element's own character data (text and CDATA sections, not its
    /// children's), joined, with leading and trailing white space trimmed.
    public var text: String {
        var joined = ""
        for case .text(let text) in content { joined += text }
        return XMLText.trimmed(joined)
    }

    static func localName(of name: String) -> Substring {
        guard let colon = name.lastIndex(of: ":") else { return name[...] }
        return name[name.index(after: colon)...]
    }
}

/// An attribute: its name as written and its value with references resolved.
public struct XMLAttribute: Sendable, Hashable {
    /// The name as written, prefix included.
    public var name: String
    /// The value, entity and character references replaced.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What an element contains.
public enum XMLContent: Sendable, Hashable {
    /// A child element.
    case element(XMLElement)
    /// Character data: text with references resolved, or a CDATA section as written.
    case text(String)
}

enum XMLText {
    /// Trims XML white space (space, tab, CR, LF) from both ends.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return text }
        return String(text[first...last])
    }
}
