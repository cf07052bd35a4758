/// An element of an XML document, with its attributes and content in order.
///
/// Names are kept as written (`vmap:AdBreak`); queries go by local name, the
/// part after the prefix, so a document reads the same whatever prefix it
/// uses, declared or not.
public struct XMLElement: Sendable, Hashable {
    /// The name as written, prefix included.
    public var name: String {
        didSet { localName = Self.localName(of: name) }
    }
    /// The name without its namespace prefix; kept beside ``name`` because
    /// every query compares it.
    public private(set) var localName: String
    /// The attributes in document order, names as written.
    public var attributes: [XMLAttribute]
    /// Child elements and character data, in document order. Character data
    /// that is only white space (the indentation between elements) is not
    /// kept; CDATA sections always are.
    public var content: [XMLContent]
    /// Where the element starts: the 1-based line of its `<`.
    public var line: Int
    /// The bytes the element spans in the document, start tag to end tag.
    public var range: Range<Int>

    /// Creates an element.
    public init(name: String, attributes: [XMLAttribute] = [], content: [XMLContent] = [], line: Int = 1,
                range: Range<Int> = 0..<0) {
        self.init(name: name, localName: Self.localName(of: name), attributes: attributes, content: content, line: line, range: range)
    }

    /// The reader knows the local name from the bytes already.
    init(name: String, localName: String, attributes: [XMLAttribute], content: [XMLContent], line: Int, range: Range<Int>) {
        self.name = name
        self.localName = localName
        self.attributes = attributes
        self.content = content
        self.line = line
        self.range = range
    }

    /// The value of the first attribute with this local name.
    public func attribute(_ localName: String) -> String? {
        for attribute in attributes where attribute.localName == localName {
            return attribute.value
        }
        return nil
    }

    /// The child elements, in order.
    public var children: [XMLElement] {
        var children: [XMLElement] = []
        for case .element(let element) in content { children.append(element) }
        return children
    }

    /// The child elements with this local name, in order.
    public func children(_ localName: String) -> [XMLElement] {
        var children: [XMLElement] = []
        for case .element(let element) in content where element.localName == localName { children.append(element) }
        return children
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

    static func localName(of name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(name[name.utf8.index(after: colon)...])
    }
}

/// An attribute: its name as written and its value with references resolved.
public struct XMLAttribute: Sendable, Hashable {
    /// The name as written, prefix included.
    public var name: String {
        didSet { localName = XMLElement.localName(of: name) }
    }
    /// The name without its namespace prefix.
    public private(set) var localName: String
    /// The value, entity and character references replaced.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.init(name: name, localName: XMLElement.localName(of: name), value: value)
    }

    init(name: String, localName: String, value: String) {
        self.name = name
        self.localName = localName
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

/// Text helpers for what XML documents hold.
public enum XMLText {
    /// `text` without XML white space (space, tab, CR, LF) at either end.
    public static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return text }
        return String(text[first...last])
    }
}
