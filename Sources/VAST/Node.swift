internal import TextEcho
internal import XMLTree

/// An element being read. Its path from the root is worked out from the
/// document only when a warning needs it, so reading costs no strings for it.
struct Node {
    let element: XMLElement

    init(_ element: XMLElement) { self.element = element }

    var line: Int { element.line }

    func child(_ localName: String) -> Node? { element.child(localName).map(Node.init) }

    func children(_ localName: String) -> [Node] { element.children(localName).map(Node.init) }

    /// The trimmed text, nil when empty.
    var text: String? {
        let text = element.text
        return text.isEmpty ? nil : text
    }

    func attribute(_ name: String) -> String? { element.attribute(name) }
}

/// Collects warnings while a document is read, and reads typed values,
/// warning about those that do not parse.
struct Reading {
    let document: XMLDocument
    var warnings: [VASTWarning] = []

    init(_ document: XMLDocument) { self.document = document }

    mutating func warn(_ node: Node, _ message: String) {
        warnings.append(VASTWarning(path: path(of: node), line: node.line, message))
    }

    func path(of node: Node) -> String { document.path(at: node.element.range.lowerBound) }

    mutating func integer(_ node: Node, _ name: String) -> Int? {
        guard let text = node.attribute(name)?.trimmedSpaces, !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            warn(node, "\(name)=\(Echo.quoted(text)) is not an integer; ignored")
            return nil
        }
        return value
    }

    mutating func boolean(_ node: Node, _ name: String) -> Bool? {
        guard let text = node.attribute(name)?.trimmedSpaces, !text.isEmpty else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            warn(node, "\(name)=\(Echo.quoted(text)) is not a boolean; ignored")
            return nil
        }
    }

    /// The URLs an element holds: its text, or in VAST 1 its `<URL>` children.
    mutating func urls(_ node: Node) -> [TrackingURL] {
        let wrapped = node.children("URL")
        if !wrapped.isEmpty {
            return wrapped.compactMap { url in url.text.map { TrackingURL(id: url.attribute("id"), url: $0) } }
        }
        guard let text = node.text else {
            warn(node, "an empty <\(node.element.localName)>; ignored")
            return []
        }
        return [TrackingURL(id: node.attribute("id"), url: text)]
    }

    /// The first URL an element holds.
    mutating func url(_ node: Node?) -> String? {
        guard let node else { return nil }
        return urls(node).first?.url
    }

    mutating func raw(_ node: Node) -> RawXML {
        RawXML(type: node.attribute("type"), xml: document.source(of: node.element))
    }
}

extension String {
    /// Without leading and trailing XML white space.
    var trimmedSpaces: String { XMLText.trimmed(self) }
}
