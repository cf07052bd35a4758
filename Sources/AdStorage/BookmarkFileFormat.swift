public import AdPlayback
import MediaTime
import StrictJSON

/// The bookmark file, version 1: one JSON object with exact tick counts, so
/// a resumed session lands on the very tick the earlier one stopped at.
///
/// ```json
/// {"format":"AdPlaybackKit bookmark","version":1,"timescale":9000000,
///  "content":5400000000,"watched":["pre","m1"],"lastBreakCompleted":2700000000}
/// ```
/// `content` and `lastBreakCompleted` (or `null`) are ticks of `timescale`;
/// a live stream's bookmark also has `"date"`, the program date of `content`.
public enum BookmarkFileFormat {
    /// The value of the `format` member.
    public static let name = "AdPlaybackKit bookmark"
    /// The version written, and the only one read.
    public static let version = 1
    /// The largest file read; a bookmark with thousands of watched breaks
    /// is far smaller.
    public static let maxBytes = 4 << 20

    /// The file's bytes for `bookmark`.
    public static func encode(_ bookmark: Bookmark) -> [UInt8] {
        var out = JSONOutput()
        out.openObject()
        out.member("format", name)
        out.key("version")
        out.number(String(version))
        out.key("timescale")
        out.number(String(Timescale.ticksPerSecond))
        out.key("content")
        out.number(String(bookmark.content.ticks))
        out.key("watched")
        out.openArray()
        for id in bookmark.watched { out.value(id) }
        out.closeArray()
        out.key("lastBreakCompleted")
        if let completed = bookmark.lastBreakCompletedAt {
            out.number(String(completed.ticks))
        } else {
            out.null()
        }
        if let date = bookmark.date { out.member("date", date.description) }
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    /// Reads a bookmark file's bytes; `path` names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(BookmarkFileError) -> Bookmark {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw .syntax(path: path, line: error.line, column: error.column, message: error.message)
        }
        let reader = Reader(path: path)
        let members = try reader.object(root, at: "$")
        let format = try reader.string(reader.member("format", of: members, in: root, at: "$"), at: "$.format")
        guard format.text == name else {
            throw reader.invalid(format.node, "$.format", "is \"\(format.text)\", not \"\(name)\"")
        }
        let versionNode = try reader.member("version", of: members, in: root, at: "$")
        guard case .number(let versionText) = versionNode.value else {
            throw reader.invalid(versionNode, "$.version", "must be a number, not \(versionNode.typeName)")
        }
        guard versionText == String(version) else { throw .unsupportedVersion(path: path, version: versionText) }
        let timescaleNode = try reader.member("timescale", of: members, in: root, at: "$")
        let timescale = try reader.integer(timescaleNode, at: "$.timescale")
        guard timescale == Timescale.ticksPerSecond else {
            throw reader.invalid(timescaleNode, "$.timescale", "is \(timescale); this build counts \(Timescale.ticksPerSecond) ticks a second")
        }
        let contentNode = try reader.member("content", of: members, in: root, at: "$")
        let content = try reader.integer(contentNode, at: "$.content")
        guard content >= 0 else { throw reader.invalid(contentNode, "$.content", "must not be negative") }
        let watchedNode = try reader.member("watched", of: members, in: root, at: "$")
        guard case .array(let items) = watchedNode.value else {
            throw reader.invalid(watchedNode, "$.watched", "must be an array, not \(watchedNode.typeName)")
        }
        var watched: [String] = []
        for (index, item) in items.enumerated() {
            watched.append(try reader.string(item, at: "$.watched[\(index)]").text)
        }
        let completedNode = try reader.member("lastBreakCompleted", of: members, in: root, at: "$")
        let completed: ClockTime? =
            if case .null = completedNode.value { nil } else {
                ClockTime(ticks: try reader.integer(completedNode, at: "$.lastBreakCompleted"))
            }
        var date: ProgramDateTime?
        if let dateNode = members.first(where: { $0.key == "date" })?.value {
            let text = try reader.string(dateNode, at: "$.date").text
            guard let parsed = ProgramDateTime(text) else {
                throw reader.invalid(dateNode, "$.date", "expected an ISO 8601 date such as 2026-01-01T00:00:30.000Z")
            }
            date = parsed
        }
        let known: Set = ["format", "version", "timescale", "content", "watched", "lastBreakCompleted", "date"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw reader.invalid(unknown.value, "$.\(unknown.key)", "is not a member of a version 1 bookmark")
        }
        return Bookmark(content: ContentTime(ticks: content), watched: watched, lastBreakCompletedAt: completed, date: date)
    }
}

/// Typed access to the parsed file, failing with the JSON path.
private struct Reader {
    let path: String

    func invalid(_ node: JSONNode, _ jsonPath: String, _ message: String) -> BookmarkFileError {
        .invalid(path: path, jsonPath: jsonPath, line: node.line, column: node.column, message: message)
    }

    func object(_ node: JSONNode, at jsonPath: String) throws(BookmarkFileError) -> [JSONNode.Member] {
        guard case .object(let members) = node.value else {
            throw invalid(node, jsonPath, "must be an object, not \(node.typeName)")
        }
        return members
    }

    func member(_ key: String, of members: [JSONNode.Member], in object: JSONNode, at jsonPath: String)
        throws(BookmarkFileError) -> JSONNode
    {
        guard let member = members.first(where: { $0.key == key }) else {
            throw invalid(object, "\(jsonPath).\(key)", "is missing")
        }
        return member.value
    }

    func string(_ node: JSONNode, at jsonPath: String) throws(BookmarkFileError) -> (text: String, node: JSONNode) {
        guard case .string(let text) = node.value else {
            throw invalid(node, jsonPath, "must be a string, not \(node.typeName)")
        }
        return (text, node)
    }

    func integer(_ node: JSONNode, at jsonPath: String) throws(BookmarkFileError) -> Int64 {
        guard case .number(let literal) = node.value else {
            throw invalid(node, jsonPath, "must be a whole number of ticks, not \(node.typeName)")
        }
        guard let value = Int64(literal) else {
            throw invalid(node, jsonPath, "must be a whole number of ticks from \(Int64.min) to \(Int64.max), not \(literal)")
        }
        return value
    }
}
