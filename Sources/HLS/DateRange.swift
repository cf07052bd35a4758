internal import TextEcho
public import MediaTime

/// `#EXT-X-DATERANGE`: a range of time with attributes (RFC 8216bis §4.4.5.1),
/// which carries SCTE-35 cues (§4.4.5.1.1) and HLS interstitials.
public struct DateRange: Sendable, Hashable {
    /// `ID`: tags with the same ID describe the same range.
    public var id: String
    /// `CLASS`, e.g. `com.apple.hls.interstitial`.
    public var className: String?
    /// `START-DATE`.
    public var startDate: ProgramDateTime?
    /// `CUE`: `PRE`, `POST`, `ONCE`.
    public var cue: Cue
    /// `END-DATE`.
    public var endDate: ProgramDateTime?
    /// `DURATION`.
    public var duration: MediaDuration?
    /// `PLANNED-DURATION`.
    public var plannedDuration: MediaDuration?
    /// `END-ON-NEXT=YES`: the range ends where the next range of its class starts.
    public var endOnNext: Bool
    /// `SCTE35-CMD`, the splice_info_section bytes.
    public var scte35Command: [UInt8]?
    /// `SCTE35-OUT`.
    public var scte35Out: [UInt8]?
    /// `SCTE35-IN`.
    public var scte35In: [UInt8]?
    /// The `X-` client attributes, in order.
    public var clientAttributes: [Attribute] { attributes.attributes.filter { $0.name.hasPrefix("X-") } }
    /// The 1-based line.
    public var line: Int
    /// Every attribute as written.
    public var attributes: AttributeList
    /// Deviations from the specification that were tolerated (a quoted
    /// SCTE35-OUT, an unknown CUE identifier), each a warning at the tag's line.
    public var problems: [AttributeProblem]

    init(_ list: AttributeList) throws(HLSError) {
        let known = Known(list)
        id = try list.requiredQuoted("ID", at: known.id)
        className = try list.quoted("CLASS", at: known.className)
        startDate = try Self.date(list, "START-DATE", known.startDate)
        endDate = try Self.date(list, "END-DATE", known.endDate)
        var problems: [AttributeProblem] = []
        cue = []
        if let text = try list.quoted("CUE", at: known.cue) {
            let read = Cue.read(text)
            cue = read.cue
            problems += read.problems
        }
        duration = try list.ticks("DURATION", at: known.duration).map(MediaDuration.init(ticks:))
        plannedDuration = try list.ticks("PLANNED-DURATION", at: known.plannedDuration).map(MediaDuration.init(ticks:))
        endOnNext = try list.enumerated("END-ON-NEXT", at: known.endOnNext, is: "YES")
        scte35Command = try Self.scte35(list, "SCTE35-CMD", known.scte35Command, &problems)
        scte35Out = try Self.scte35(list, "SCTE35-OUT", known.scte35Out, &problems)
        scte35In = try Self.scte35(list, "SCTE35-IN", known.scte35In, &problems)
        self.problems = problems
        line = list.line
        attributes = list
        interstitial = nil
        if className == Interstitial.className { interstitial = Interstitial(list) }
        if endOnNext, className == nil { throw list.error(.missingAttribute, "END-ON-NEXT=YES needs a CLASS") }
        if let startDate, let endDate, endDate < startDate {
            throw list.error(.badValue, "END-DATE is before START-DATE")
        }
    }

    /// Where the first occurrence of each attribute the range types is, found
    /// in one pass over the names' bytes.
    private struct Known {
        var id, className, startDate, endDate, cue, duration, plannedDuration, endOnNext: Int?
        var scte35Command, scte35Out, scte35In: Int?
        var hasClientAttributes = false

        init(_ list: AttributeList) {
            for index in 0..<list.count {
                list.withName(at: index) { name in note(name, index) }
            }
        }

        private mutating func note(_ name: UnsafeBufferPointer<UInt8>, _ index: Int) {
            guard let first = name.first else { return }
            if first == UInt8(ascii: "X"), name.count > 1, name[1] == UInt8(ascii: "-") {
                hasClientAttributes = true
                return
            }
            func `is`(_ wanted: StaticString) -> Bool {
                name.count == wanted.utf8CodeUnitCount && Bytes.equal(name.baseAddress!, wanted.utf8Start, name.count)
            }
            func keep(_ slot: inout Int?) { if slot == nil { slot = index } }
            switch (name.count, first) {
            case (2, UInt8(ascii: "I")) where `is`("ID"): keep(&id)
            case (5, UInt8(ascii: "C")) where `is`("CLASS"): keep(&className)
            case (10, UInt8(ascii: "S")) where `is`("START-DATE"): keep(&startDate)
            case (10, UInt8(ascii: "S")) where `is`("SCTE35-CMD"): keep(&scte35Command)
            case (10, UInt8(ascii: "S")) where `is`("SCTE35-OUT"): keep(&scte35Out)
            case (9, UInt8(ascii: "S")) where `is`("SCTE35-IN"): keep(&scte35In)
            case (8, UInt8(ascii: "E")) where `is`("END-DATE"): keep(&endDate)
            case (3, UInt8(ascii: "C")) where `is`("CUE"): keep(&cue)
            case (8, UInt8(ascii: "D")) where `is`("DURATION"): keep(&duration)
            case (16, UInt8(ascii: "P")) where `is`("PLANNED-DURATION"): keep(&plannedDuration)
            case (11, UInt8(ascii: "E")) where `is`("END-ON-NEXT"): keep(&endOnNext)
            default: break
            }
        }
    }

    /// SCTE35-* is a hexadecimal-sequence; real packagers also quote it, which is tolerated.
    private static func scte35(_ list: AttributeList, _ name: String, _ index: Int?,
                               _ problems: inout [AttributeProblem]) throws(HLSError) -> [UInt8]? {
        guard let index else { return nil }
        guard list.isQuoted(at: index) else { return try list.hex(name, at: index) }
        guard let bytes = list.withValue(at: index, AttributeList.hexBytes) else {
            throw list.error(.badValue, "\(name) must be a hexadecimal sequence (0x...), not \(list[at: index].text)")
        }
        problems.append(AttributeProblem(name, "is quoted; a hexadecimal-sequence has no quotes"))
        return bytes
    }

    private static func date(_ list: AttributeList, _ name: String, _ index: Int?) throws(HLSError) -> ProgramDateTime? {
        guard let index else { return nil }
        guard list.isQuoted(at: index) else {
            throw list.error(.badValue, "\(name) must be a quoted string, not \(list.value(at: index))")
        }
        guard let date = list.withValue(at: index, { ProgramDateTime.parse($0, 0..<$0.count) }) else {
            throw list.error(.badValue, "\(name) must be an ISO 8601 date with a time zone, not \(list.value(at: index))")
        }
        return date
    }

    /// The interstitial this range schedules, when its CLASS is `com.apple.hls.interstitial`.
    public private(set) var interstitial: Interstitial?

    /// Whether the range is about ads: it carries SCTE-35 or schedules an interstitial.
    public var isAdSignal: Bool {
        scte35Out != nil || scte35In != nil || scte35Command != nil || className == Interstitial.className
    }

    /// The duration the range states: `DURATION`, else `END-DATE − START-DATE`.
    public var statedDuration: MediaDuration? {
        if let duration { return duration }
        if let startDate, let endDate { return MediaDuration(ticks: endDate.ticksSinceEpoch - startDate.ticksSinceEpoch) }
        return nil
    }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
