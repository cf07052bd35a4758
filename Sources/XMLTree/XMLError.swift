/// Why a document is not accepted, and where: line, column, byte offset and
/// the path of open elements (`/VAST/Ad/InLine`).
public struct XMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// The text breaks the XML syntax.
        case syntax
        /// A document type declaration (`<!DOCTYPE`), refused outright: ad
        /// documents never need one, and refusing it is the sure defence
        /// against external entities and entity expansion.
        case doctype
        /// An entity reference other than the five predefined ones.
        case undefinedEntity
        /// The bytes are not valid UTF-8, or the declared encoding is not supported.
        case encoding
        /// The document is larger than the size limit.
        case tooLarge
        /// Elements nest deeper than the depth limit.
        case tooDeep
    }

    /// What went wrong.
    public let kind: Kind
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in bytes.
    public let column: Int
    /// The byte offset from the start of the document.
    public let offset: Int
    /// The open elements, outermost first, as `/A/B/C`; empty outside the root.
    public let path: String
    /// A sentence saying what was found and what was expected.
    public let message: String

    init(_ kind: Kind, line: Int, column: Int, offset: Int, path: String, _ message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.offset = offset
        self.path = path
        self.message = message
    }

    public var description: String {
        "line \(line), column \(column) (byte \(offset))\(path.isEmpty ? "" : " in \(path)"): \(message)"
    }
}
