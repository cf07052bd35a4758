/// Why a playlist could not be parsed, and where.
///
/// Every error carries the 1-based line number and, when the line is a tag,
/// the tag's name, e.g. `line 12, #EXT-X-KEY: attribute list: expected '=' after
/// "METHOD" at column 19`.
public struct HLSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Sendable, Hashable {
            case missingHeader, lineTooLong, tooManyLines, tooLarge, badAttributes, badValue
            case missingAttribute, wrongPlaylistKind, undefinedVariable, badStructure, transport
        }

        private let value: Value

        /// The first line is not `#EXTM3U`.
        public static let missingHeader = Kind(value: .missingHeader)
        /// A line is longer than ``ParseOptions/maxLineLength``.
        public static let lineTooLong = Kind(value: .lineTooLong)
        /// The playlist has more lines than ``ParseOptions/maxLines``.
        public static let tooManyLines = Kind(value: .tooManyLines)
        /// The text is larger than the parser can address (4 GiB).
        public static let tooLarge = Kind(value: .tooLarge)
        /// An attribute list does not follow the specification's syntax (RFC 8216 §4.2).
        public static let badAttributes = Kind(value: .badAttributes)
        /// A tag's value or an attribute's value is not of its type.
        public static let badValue = Kind(value: .badValue)
        /// A tag lacks an attribute the specification requires.
        public static let missingAttribute = Kind(value: .missingAttribute)
        /// A master tag in a media playlist, or a media tag in a master playlist.
        public static let wrongPlaylistKind = Kind(value: .wrongPlaylistKind)
        /// A `{$name}` reference with no `#EXT-X-DEFINE` for it (RFC 8216bis §4.3).
        public static let undefinedVariable = Kind(value: .undefinedVariable)
        /// Tags in an order the specification does not allow.
        public static let badStructure = Kind(value: .badStructure)
        /// Fetching the playlist failed (used by callers that load over the network).
        public static let transport = Kind(value: .transport)

        public var description: String { "\(value)" }
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The 1-based line number (0 when the problem is not on one line).
    public var line: Int
    /// The tag on that line, e.g. `#EXT-X-KEY`, or nil for a URI line or the whole text.
    public var tag: String?
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, line: Int, tag: String?, _ message: String) {
        self.kind = kind
        self.line = line
        self.tag = tag
        self.message = message
    }

    public var description: String { located(line: line, tag: tag, message) }
}

/// `line 12, #EXT-X-KEY: message`, or `playlist: message` when there is no line.
func located(line: Int, tag: String?, _ message: String) -> String {
    var text = line > 0 ? "line \(line)" : "playlist"
    if let tag { text += ", \(tag)" }
    return text + ": " + message
}

/// A problem that did not stop parsing: a vendor tag that does not follow its
/// dialect, an orphaned cue, an SCTE-35 payload that does not decode.
public struct HLSWarning: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number (0 when the problem is not on one line).
    public var line: Int
    /// The tag on that line, if any.
    public var tag: String?
    /// The tag's attribute the warning is about, if one.
    public var attribute: String?
    /// What is odd, in words (a predicate of the attribute when there is one).
    public var message: String

    /// Creates a warning.
    public init(line: Int, tag: String?, attribute: String? = nil, _ message: String) {
        self.line = line
        self.tag = tag
        self.attribute = attribute
        self.message = message
    }

    /// A warning about one attribute of the tag at `line`.
    public init(line: Int, tag: String, _ problem: AttributeProblem) {
        self.init(line: line, tag: tag, attribute: problem.attribute, problem.message)
    }

    /// The message with its attribute: `X-RESUME-OFFSET must be …`.
    public var text: String { attribute.map { "\($0) \(message)" } ?? message }

    /// `line 12, #EXT-X-DATERANGE: X-RESUME-OFFSET must be …`.
    public var description: String { located(line: line, tag: tag, text) }
}
