internal import XMLTree

/// Why a VAST or VMAP document, or the resolution of one, failed, with the
/// VAST error code to report to the document's Error URLs (VAST 4.2 §2.3.6.3).
public struct VASTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The VAST error code.
    public let code: VASTErrorCode
    /// A sentence saying what went wrong.
    public let message: String
    /// Where: the element path (`/VAST/Ad/InLine`), empty when not in a document.
    public let path: String
    /// The 1-based line, 0 when not in a document.
    public let line: Int
    /// The 1-based column, for a document that is not well-formed XML;
    /// 0 otherwise.
    public let column: Int
    /// The byte offset, for a document that is not well-formed XML.
    public let offset: Int?

    /// Creates an error.
    public init(
        _ code: VASTErrorCode, _ message: String, path: String = "", line: Int = 0, column: Int = 0,
        offset: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// A document that is not well-formed XML (100 for VAST, 1002 for VMAP).
    init(_ code: VASTErrorCode, xml: XMLError) {
        self.init(
            code, "the document is not well-formed XML: \(xml)", path: xml.path, line: xml.line, column: xml.column,
            offset: xml.offset)
    }

    /// `VAST error 100: line 3 in /VAST/Ad: …`: the code, where, and what.
    public var description: String {
        let location = line > 0 ? "line \(line)\(path.isEmpty ? "" : " in \(path)"): " : ""
        return "\(code.specification) error \(code.rawValue): \(location)\(message)"
    }
}

/// A VAST error code. VAST 4.2 §2.3.6.3.
public struct VASTErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The number, e.g. 303 (no ads after a wrapper).
    public let rawValue: Int
    /// The code numbered `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 100: XML parsing error.
    public static let xmlParsing = VASTErrorCode(rawValue: 100)
    /// 101: VAST schema validation error.
    public static let schemaValidation = VASTErrorCode(rawValue: 101)
    /// 102: VAST version of response not supported.
    public static let versionNotSupported = VASTErrorCode(rawValue: 102)
    /// 200: trafficking error; the player received an ad type it did not expect.
    public static let trafficking = VASTErrorCode(rawValue: 200)
    /// 300: general wrapper error.
    public static let wrapper = VASTErrorCode(rawValue: 300)
    /// 301: timeout of the VAST URI of a wrapper, or unavailable.
    public static let wrapperTimeout = VASTErrorCode(rawValue: 301)
    /// 302: wrapper limit reached.
    public static let wrapperLimit = VASTErrorCode(rawValue: 302)
    /// 303: no ads VAST response after one or more wrappers.
    public static let noAdsAfterWrapper = VASTErrorCode(rawValue: 303)
    /// 400: general linear error.
    public static let linear = VASTErrorCode(rawValue: 400)
    /// 401: file not found.
    public static let fileNotFound = VASTErrorCode(rawValue: 401)
    /// 403: no supported media file.
    public static let noSupportedMediaFile = VASTErrorCode(rawValue: 403)
    /// 900: undefined error.
    public static let undefined = VASTErrorCode(rawValue: 900)
    /// 1000: VMAP schema error (VMAP 1.0 §2.4).
    public static let vmapSchema = VASTErrorCode(rawValue: 1000)
    /// 1001: VMAP version not supported.
    public static let vmapVersionNotSupported = VASTErrorCode(rawValue: 1001)
    /// 1002: VMAP parsing error.
    public static let vmapParsing = VASTErrorCode(rawValue: 1002)
    /// 1003: ad break type not supported.
    public static let vmapBreakTypeNotSupported = VASTErrorCode(rawValue: 1003)
    /// 1004: general ad response document error.
    public static let vmapAdResponse = VASTErrorCode(rawValue: 1004)
    /// 1005: ad response template type not supported.
    public static let vmapTemplateNotSupported = VASTErrorCode(rawValue: 1005)
    /// 1006: ad response document extraction or parsing error.
    public static let vmapAdResponseParsing = VASTErrorCode(rawValue: 1006)
    /// 1007: ad response document retrieval timeout.
    public static let vmapRetrievalTimeout = VASTErrorCode(rawValue: 1007)
    /// 1008: ad response document retrieval error.
    public static let vmapRetrieval = VASTErrorCode(rawValue: 1008)

    /// The specification that defines the code: `VMAP` for 1000–1099
    /// (VMAP 1.0 §2.4), `VAST` for the rest.
    public var specification: String { (1_000..<1_100).contains(rawValue) ? "VMAP" : "VAST" }

    /// The number, as the `[ERRORCODE]` macro sends it.
    public var description: String { String(rawValue) }
}

/// A tolerated deviation from the specification: what and where.
public struct VASTWarning: Sendable, Hashable, CustomStringConvertible {
    /// The element path, e.g. `/VAST/Ad/InLine/Creatives/Creative/Linear`.
    public var path: String
    /// The 1-based line of the element.
    public var line: Int
    /// What was wrong and what was done about it.
    public var message: String

    /// Creates a warning.
    public init(path: String, line: Int, _ message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `line 12 in /VAST/Ad/InLine: …`.
    public var description: String { "line \(line) in \(path): \(message)" }
}
