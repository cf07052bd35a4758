public import Foundation
public import MediaTime
internal import StrictJSON

/// A recorded live stream: each distinct playlist body the origin served,
/// and when, as written by `adplay live record`: `DIR/NNNNN.m3u8` files and
/// `DIR/index.json`, a JSON list of `{"at": seconds since start, "file": name, "url": where it came from}`.
/// The URL lets a replay resolve what the playlist names relative to it
/// (an interstitial's assets); a recording without one resolves nothing relative.
///
/// Replaying it gives a live stream that is exactly reproducible: at time
/// t the origin serves the latest body recorded at or before t.
public struct LiveRecording: Sendable {
    /// One recorded body.
    public struct Entry: Sendable, Hashable {
        /// When it was first served, from the start of the recording.
        public var at: ClockTime
        /// Its file name in the recording's directory.
        public var file: String
        /// Its bytes.
        public var body: [UInt8]
        /// The URL that served it, when recorded.
        public var url: String?

        /// Creates an entry.
        public init(at: ClockTime, file: String, body: [UInt8], url: String? = nil) {
            self.at = at
            self.file = file
            self.body = body
            self.url = url
        }
    }

    /// The bodies in time order.
    public let entries: [Entry]

    /// Creates a recording from its entries, which must be in time order.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads the recording in `directory`.
    /// - Throws: ``LiveRecordingError`` naming the file, and for the index
    ///   the JSON path, line and column.
    public init(directory: URL) throws(LiveRecordingError) {
        let indexURL = directory.appendingPathComponent("index.json")
        let indexBytes: [UInt8]
        do {
            indexBytes = Array(try Data(contentsOf: indexURL))
        } catch {
            throw LiveRecordingError(file: indexURL.path, "cannot be read: \(Self.reason(error))")
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(indexBytes)
        } catch {
            throw LiveRecordingError(file: indexURL.path, "line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .array(let items) = root.value else {
            throw LiveRecordingError(file: indexURL.path, "$: must be a list of {\"at\", \"file\"}, not \(root.typeName)")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let path = "$[\(index)]"
            func fail(_ message: String) -> LiveRecordingError {
                LiveRecordingError(file: indexURL.path, "\(path) (line \(item.line), column \(item.column)): \(message)")
            }
            guard case .object(let members) = item.value else { throw fail("must be an object, not \(item.typeName)") }
            guard case .number(let atText)? = members.first(where: { $0.key == "at" })?.value.value,
                  let at = try? DecimalSeconds.parse(Substring(atText)), at >= 0 else {
                throw fail("needs \"at\", a number of seconds ≥ 0 (to the microsecond)")
            }
            guard case .string(let file)? = members.first(where: { $0.key == "file" })?.value.value,
                  !file.contains("/"), !file.isEmpty else {
                throw fail("needs \"file\", a file name in the recording's directory")
            }
            var url: String?
            if let value = members.first(where: { $0.key == "url" })?.value {
                guard case .string(let text) = value.value, !text.isEmpty else { throw fail("\"url\" must be a URL as a string") }
                url = text
            }
            if let unknown = members.first(where: { !["at", "file", "url"].contains($0.key) }) {
                throw fail("\"\(unknown.key)\" is not a key of a recording entry")
            }
            if let previous = entries.last, ClockTime(ticks: at) < previous.at {
                throw fail("\"at\" goes back in time (\(atText) after \(previous.at))")
            }
            let fileURL = directory.appendingPathComponent(file)
            let body: [UInt8]
            do {
                body = Array(try Data(contentsOf: fileURL))
            } catch {
                throw LiveRecordingError(file: fileURL.path, "cannot be read: \(Self.reason(error))")
            }
            entries.append(Entry(at: ClockTime(ticks: at), file: file, body: body, url: url))
        }
        guard !entries.isEmpty else { throw LiveRecordingError(file: indexURL.path, "$: the recording has no playlist") }
        self.entries = entries
    }

    /// The body served at `time`: the latest recorded at or before it (the
    /// first before the first).
    public func body(at time: ClockTime) -> [UInt8] {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].at <= time { low = middle + 1 } else { high = middle }
        }
        return entries[max(0, low - 1)].body
    }

    /// When the last body was recorded.
    public var end: ClockTime { entries.last?.at ?? .zero }

    /// The URL the stream was recorded from: the first entry's, when recorded.
    public var url: String? { entries.first?.url }

    /// The index file's bytes for `entries`.
    public static func index(_ entries: [(at: ClockTime, file: String, url: String?)]) -> [UInt8] {
        var out = JSONOutput()
        out.openArray()
        for entry in entries {
            out.bytes.append(0x0A)
            out.openObject()
            out.key("at")
            out.number(DecimalSeconds.format(entry.at.ticks))
            out.member("file", entry.file)
            if let url = entry.url { out.member("url", url) }
            out.closeObject()
        }
        out.bytes.append(0x0A)
        out.closeArray()
        out.endLine()
        return out.bytes
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(describing: POSIXError(code).localizedDescription)
        }
        return nsError.code == NSFileReadNoSuchFileError ? "no such file" : "it is not a readable file"
    }
}

/// Why a recording cannot be read.
public struct LiveRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file at fault.
    public var file: String
    /// What is wrong, and where in the file.
    public var message: String

    /// Creates an error.
    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
