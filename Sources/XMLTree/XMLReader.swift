/// Reads XML 1.0 documents as ad servers write them (VAST, VMAP) into a tree
/// of ``XMLElement``s.
///
/// A strict, non-validating reader with no document type support at all: a
/// `<!DOCTYPE` is an error, so neither external entities nor entity expansion
/// can happen, and the only entities are the five predefined ones and
/// character references. The text must be UTF-8 (or ASCII, or declared
/// ISO-8859-1, which is converted). A size limit and a depth limit bound what
/// any input can cost; every error says where it happened.
///
/// ```swift
/// let root = try XMLReader().read(Array(text.utf8))
/// for ad in root.children("Ad") { print(ad.attribute("id") ?? "-") }
/// ```
///
/// - Complexity: O(n) in the length of the document.
public struct XMLReader: Sendable {
    /// The largest document accepted, in bytes (default 1 MiB).
    public var maxBytes: Int
    /// The deepest element nesting accepted (default 64).
    public var maxDepth: Int

    /// Creates a reader with these limits.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// Reads a document and returns its root element.
    public func read(_ bytes: [UInt8]) throws(XMLError) -> XMLElement { try readDocument(bytes).root }

    /// Reads a document: its root element, and the UTF-8 text element ranges refer to.
    public func readDocument(_ bytes: [UInt8]) throws(XMLError) -> XMLDocument {
        guard bytes.count <= maxBytes else {
            throw XMLError(.tooLarge, line: 1, column: 1, offset: maxBytes, path: "",
                           "the document is \(bytes.count) bytes, more than the limit of \(maxBytes)")
        }
        var text = bytes
        if let declared = try Self.declaredEncoding(bytes), declared == .latin1 {
            text = Self.utf8(fromLatin1: bytes)
        }
        let root = try text.withUnsafeBufferPointer { (buffer) throws(XMLError) -> XMLElement in
            var scanner = XMLScanner(buffer, maxDepth: maxDepth)
            return try scanner.document()
        }
        return XMLDocument(root: root, text: text)
    }

    /// Reads a document from a string.
    public func read(_ text: String) throws(XMLError) -> XMLElement { try read(Array(text.utf8)) }

    enum Encoding { case utf8, latin1 }

    /// The encoding the XML declaration names, checked; nil when there is no declaration.
    static func declaredEncoding(_ bytes: [UInt8]) throws(XMLError) -> Encoding? {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw XMLError(.encoding, line: 1, column: 1, offset: 0, path: "", "UTF-16 documents are not supported; use UTF-8")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let range = declaration.firstRange(of: "encoding") else { return .utf8 }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return .utf8 }
        let name = rest.dropFirst().prefix { $0 != quote }.uppercased()
        switch name {
        case "UTF-8", "UTF8", "US-ASCII", "ASCII": return .utf8
        case "ISO-8859-1", "LATIN1", "ISO_8859-1", "LATIN-1": return .latin1
        default:
            throw XMLError(.encoding, line: 1, column: 1, offset: start, path: "",
                           "the declared encoding \(name) is not supported; use UTF-8")
        }
    }

    static func utf8(fromLatin1 bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                text.append(byte)
            } else {
                text.append(0xC0 | byte >> 6)
                text.append(0x80 | byte & 0x3F)
            }
        }
        return text
    }
}
