public import MediaTime

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
        do {
            let document = try DocumentField.root(bytes)
            assets = []
            for asset in try document.member("ASSETS", required: true)!.elements() {
                let uri = try asset.member("URI", required: true)!.string()
                let duration = try asset.member("DURATION", required: true)!.seconds()
                assets.append(Asset(uri: uri, duration: duration))
            }
            skipControl = nil
            if let skip = try document.member("SKIP-CONTROL") {
                let offset = try skip.member("OFFSET", required: true)!.seconds()
                skipControl = Interstitial.SkipControl(
                    offset: offset, duration: try skip.member("DURATION")?.seconds(), labelID: try skip.member("LABEL-ID")?.string())
            }
        } catch {
            throw InterstitialAssetListError(path: error.path, line: error.line, column: error.column, message: error.message)
        }
    }

    /// The total duration of the assets.
    public var duration: MediaDuration { assets.reduce(.zero) { $0 + $1.duration } }
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
