/// A document as read: its root element and its text in UTF-8, which
/// element ranges index (a declared ISO-8859-1 document is converted first).
public struct XMLDocument: Sendable, Hashable {
    /// The root element.
    public var root: XMLElement
    /// The document's text, UTF-8.
    public var text: [UInt8]

    /// Creates a document.
    public init(root: XMLElement, text: [UInt8]) {
        self.root = root
        self.text = text
    }

    /// The path of names (`/VAST/Ad/InLine`) from the root to the innermost
    /// element whose range holds `offset`.
    public func path(at offset: Int) -> String {
        var path = ""
        var element: XMLElement? = root.range.contains(offset) ? root : nil
        while let current = element {
            path += "/" + current.name
            element = current.children.first { $0.range.contains(offset) }
        }
        return path
    }

    /// The source text of `element`, start tag to end tag, as written.
    public func source(of element: XMLElement) -> String {
        let range = element.range.clamped(to: 0..<text.count)
        return String(decoding: text[range], as: UTF8.self)
    }
}
