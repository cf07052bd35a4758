internal import TextEcho
public import MediaTime
internal import StrictJSON

/// The JSON document an interstitial's `X-ASSET-LIST` names (RFC 8216bis
/// D.3): the assets to play, in order, and a skip control that overrides
/// the tag's.
///
/// ```json
/// {"ASSETS": [{"URI": "ad1.m3u8", "DURATION": 15}], "SKIP-CONTROL": {"OFFSET": 5, "DURATION": 20}}
/// ```
public struct InterstitialAssetList: Sendable, Hashable {
    /// One asset: a playlist and its duration.
    public struct Asset: Sendable, Hashable {
        /// `URI`, as written (relative to the asset list's URL).
        public var uri: String
        /// `DURATION`.
        public var duration: MediaDuration

        /// An asset.
        public init(uri: String, duration: MediaDuration) {
            self.uri = uri
            self.duration = duration
        }
    }

    /// `ASSETS`, in play order; empty when the server has nothing to play.
    public var assets: [Asset]
    /// `SKIP-CONTROL`, which overrides the tag's `X-SKIP-CONTROL-*` when given.
    public var skipControl: Interstitial.SkipControl?

    /// An asset list.
    public init(assets: [Asset], skipControl: Interstitial.SkipControl? = nil) {
        self.assets = assets
        self.skipControl = skipControl
    }

    /// Reads an asset list. Unknown members are ignored; a missing `ASSETS`,
    /// or a value of the wrong type, is an error naming its JSON path.
    public init(json bytes: [UInt8]) throws(InterstitialAssetListError) {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw InterstitialAssetListError(path: "$", line: error.line, column: error.column, message: "not JSON: \(error.message)")
        }
        let document = Field(node: root, path: "$")
        let assets = try document.member("ASSETS", required: true)!.elements()
        self.assets = []
        for asset in assets {
            let uri = try asset.member("URI", required: true)!.string()
            let duration = try asset.member("DURATION", required: true)!.seconds()
            self.assets.append(Asset(uri: uri, duration: duration))
        }
        skipControl = nil
        if let skip = try document.member("SKIP-CONTROL") {
            let offset = try skip.member("OFFSET", required: true)!.seconds()
            skipControl = Interstitial.SkipControl(
                offset: offset, duration: try skip.member("DURATION")?.seconds(), labelID: try skip.member("LABEL-ID")?.string())
        }
    }

    /// The total duration of the assets.
    public var duration: MediaDuration { assets.reduce(.zero) { $0 + $1.duration } }

    /// A value of the document with its JSON path.
    private struct Field {
        let node: JSONNode
        let path: String

        func failure(_ message: String) -> InterstitialAssetListError {
            InterstitialAssetListError(path: path, line: node.line, column: node.column, message: message)
        }

        /// The member `key` of this object; nil when absent or null, unless `required`.
        func member(_ key: String, required: Bool = false) throws(InterstitialAssetListError) -> Field? {
            guard case .object(let members) = node.value else { throw failure("expected an object, got \(node.typeName)") }
            guard let member = members.last(where: { $0.key == key }), member.value.value != .null else {
                if required { throw failure("missing \"\(key)\"") }
                return nil
            }
            return Field(node: member.value, path: path + "." + key)
        }

        func elements() throws(InterstitialAssetListError) -> [Field] {
            guard case .array(let elements) = node.value else { throw failure("expected an array, got \(node.typeName)") }
            return elements.enumerated().map { Field(node: $1, path: "\(path)[\($0)]") }
        }

        func string() throws(InterstitialAssetListError) -> String {
            guard case .string(let text) = node.value else { throw failure("expected a string, got \(node.typeName)") }
            return text
        }

        /// Seconds, 0 or more, written as a number (or, as some servers do, a string of one).
        func seconds() throws(InterstitialAssetListError) -> MediaDuration {
            let literal: String
            switch node.value {
            case .number(let text), .string(let text): literal = text
            default: throw failure("expected a number of seconds, got \(node.typeName)")
            }
            guard !literal.hasPrefix("-") else { throw failure("must not be negative, got \(literal)") }
            do {
                return try MediaDuration(decimalSeconds: Substring(literal))
            } catch {
                throw failure("expected a number of seconds, got \(Echo.quoted(literal)): \(error)")
            }
        }
    }
}

/// An asset list that cannot be read: where (its JSON path, line and column) and why.
public struct InterstitialAssetListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the value (`$.ASSETS[1].DURATION`).
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at `path`.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `$.ASSETS[1].DURATION (line 3, column 20): expected a number of seconds, got a boolean`.
    public var description: String { "\(path) (line \(line), column \(column)): \(message)" }
}
