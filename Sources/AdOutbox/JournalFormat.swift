import AdTracking
import StrictJSON

/// The beacon journal, version 1: JSON lines, a header first, then one
/// record per line, appended in the order things happen.
///
/// ```json
/// {"format":"AdPlaybackKit beacon journal","version":1}
/// {"op":"beacon","seq":1,"session":"run/1","break":"pre","ad":"a1","tracking":"impression","occurrence":1,"instance":1,"slot":0,"url":"https://t.example/i","enqueued":1795000000000}
/// {"op":"failed","seq":1,"attempt":1,"error":"HTTP 503","at":1795000000120,"retryAt":1795000001080}
/// {"op":"sent","seq":1,"status":204,"at":1795000001200}
/// ```
/// Times are milliseconds since 1970. A last line without its newline was
/// cut short by a crash; it is ignored, and was never sent.
public enum JournalFormat {
    /// The value of the header's `format` member.
    public static let name = "AdPlaybackKit beacon journal"
    /// The version written, and the only one read.
    public static let version = 1

    /// The header line.
    public static func header() -> [UInt8] {
        var out = JSONOutput()
        out.openObject()
        out.member("format", name)
        out.key("version")
        out.number(String(version))
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    /// One record's line, newline-terminated.
    public static func encode(_ record: JournalRecord) -> [UInt8] {
        var out = JSONOutput()
        out.bytes.reserveCapacity(256)
        out.openObject()
        switch record {
        case .beacon(let seq, let id, let url, let enqueued):
            out.member("op", "beacon")
            out.member("seq", seq)
            out.member("session", id.session)
            out.member("break", id.breakID)
            out.member("ad", id.adID)
            out.member("tracking", id.tracking)
            out.member("occurrence", id.occurrence)
            out.member("instance", id.instance)
            out.member("slot", id.slot)
            out.member("url", url)
            out.member("enqueued", enqueued)
        case .sent(let seq, let status, let at):
            out.member("op", "sent")
            out.member("seq", seq)
            out.member("status", status)
            out.member("at", at)
        case .failed(let seq, let attempt, let error, let at, let retryAt):
            out.member("op", "failed")
            out.member("seq", seq)
            out.member("attempt", attempt)
            out.member("error", error)
            out.member("at", at)
            out.member("retryAt", retryAt)
        case .dropped(let seq, let reason, let at):
            out.member("op", "dropped")
            out.member("seq", seq)
            out.member("reason", reason)
            out.member("at", at)
        }
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    /// Checks the header line.
    static func checkHeader(_ line: ArraySlice<UInt8>, path: String) throws(BeaconJournalError) {
        let fields = try Fields(line, number: 1, path: path)
        guard try fields.string("format") == name else {
            throw .corrupt(path: path, line: 1, column: 0, message: "not a beacon journal (its format is not \"\(name)\")")
        }
        let version = try fields.integer("version")
        guard version == Int64(Self.version) else { throw .unsupportedVersion(path: path, version: String(version)) }
    }

    /// Reads one record's line (without its newline); `number` is its line.
    static func decode(_ line: ArraySlice<UInt8>, number: Int, path: String) throws(BeaconJournalError) -> JournalRecord {
        let fields = try Fields(line, number: number, path: path)
        let seq = Int(try fields.integer("seq"))
        switch try fields.string("op") {
        case "beacon":
            let id = BeaconID(
                session: try fields.string("session"), breakID: try fields.string("break"), adID: try fields.string("ad"),
                tracking: try fields.string("tracking"), occurrence: Int(try fields.integer("occurrence")),
                instance: Int(try fields.integer("instance")), slot: Int(try fields.integer("slot")))
            return .beacon(seq: seq, id: id, url: try fields.string("url"), enqueued: try fields.integer("enqueued"))
        case "sent":
            return .sent(seq: seq, status: Int(try fields.integer("status")), at: try fields.integer("at"))
        case "failed":
            return .failed(seq: seq, attempt: Int(try fields.integer("attempt")), error: try fields.string("error"),
                           at: try fields.integer("at"), retryAt: try fields.integer("retryAt"))
        case "dropped":
            return .dropped(seq: seq, reason: try fields.string("reason"), at: try fields.integer("at"))
        case let other:
            throw fields.invalid("op", "is \"\(other)\", not beacon, sent, failed or dropped")
        }
    }
}

/// A line's members, failing with the line, the column and the member.
private struct Fields {
    let members: [JSONNode.Member]
    let object: JSONNode
    let number: Int
    let path: String

    init(_ line: ArraySlice<UInt8>, number: Int, path: String) throws(BeaconJournalError) {
        let node: JSONNode
        do {
            node = try JSONReader.parse(Array(line))
        } catch {
            throw .corrupt(path: path, line: number, column: error.column, message: error.message)
        }
        guard case .object(let members) = node.value else {
            throw .corrupt(path: path, line: number, column: node.column, message: "must be an object, not \(node.typeName)")
        }
        self.members = members
        object = node
        self.number = number
        self.path = path
    }

    func invalid(_ key: String, _ message: String) -> BeaconJournalError {
        let node = members.first { $0.key == key }?.value ?? object
        return .corrupt(path: path, line: number, column: node.column, message: "$.\(key) \(message)")
    }

    func value(_ key: String) throws(BeaconJournalError) -> JSONNode {
        guard let member = members.first(where: { $0.key == key }) else { throw invalid(key, "is missing") }
        return member.value
    }

    func string(_ key: String) throws(BeaconJournalError) -> String {
        let node = try value(key)
        guard case .string(let text) = node.value else { throw invalid(key, "must be a string, not \(node.typeName)") }
        return text
    }

    func integer(_ key: String) throws(BeaconJournalError) -> Int64 {
        let node = try value(key)
        guard case .number(let literal) = node.value, let number = Int64(literal), number >= 0 else {
            throw invalid(key, "must be a whole number from 0, not \(node.typeName == "number" ? "\(node.value)" : node.typeName)")
        }
        return number
    }
}
