internal import TextEcho
public import MediaTime

/// `#EXT-X-DATERANGE`: a range of time with attributes (RFC 8216bis §4.4.5.1),
/// which carries SCTE-35 cues (§4.4.5.1.1) and HLS interstitials.
public struct DateRange: Sendable, Hashable {
    /// The typed values, built once by the parser and shared by every copy
    /// (the playlist's list, its signals, its opportunities) until one changes.
    private var shared: Shared<Values>
    /// Which of the classes this package reads `className` is, kept beside
    /// the box: a scan of a window's ranges for one class touches no box.
    private var knownClass: KnownClass

    enum KnownClass: UInt8, Sendable, Hashable {
        case interstitial, creativeSignal, preload, other

        init(_ className: String?) {
            switch className {
            case Interstitial.className?: self = .interstitial
            case CreativeSignal.className?: self = .creativeSignal
            case PreloadRange.className?: self = .preload
            default: self = .other
            }
        }
    }

    struct Values: Sendable, Hashable {
        var id: String
        var className: String?
        var startDate: ProgramDateTime?
        var cue: Cue
        var endDate: ProgramDateTime?
        var duration: MediaDuration?
        var plannedDuration: MediaDuration?
        var endOnNext: Bool
        var scte35Command: [UInt8]?
        var scte35Out: [UInt8]?
        var scte35In: [UInt8]?
        var line: Int
        var attributes: AttributeList
        var problems: [AttributeProblem]
        /// The interstitial's values when the range schedules one: kept in
        /// the range's box, which ``Interstitial`` shares.
        var interstitial: Interstitial.Values?
    }

    /// `ID`: tags with the same ID describe the same range.
    public var id: String { get { shared.value.id } set { shared = shared.changed { $0.id = newValue } } }
    /// `CLASS`, e.g. `com.apple.hls.interstitial`.
    public var className: String? {
        get { shared.value.className }
        set {
            shared = shared.changed { $0.className = newValue }
            knownClass = KnownClass(newValue)
        }
    }
    /// `START-DATE`.
    public var startDate: ProgramDateTime? { get { shared.value.startDate } set { shared = shared.changed { $0.startDate = newValue } } }
    /// `CUE`: `PRE`, `POST`, `ONCE`.
    public var cue: Cue { get { shared.value.cue } set { shared = shared.changed { $0.cue = newValue } } }
    /// `END-DATE`.
    public var endDate: ProgramDateTime? { get { shared.value.endDate } set { shared = shared.changed { $0.endDate = newValue } } }
    /// `DURATION`.
    public var duration: MediaDuration? { get { shared.value.duration } set { shared = shared.changed { $0.duration = newValue } } }
    /// `PLANNED-DURATION`.
    public var plannedDuration: MediaDuration? { get { shared.value.plannedDuration } set { shared = shared.changed { $0.plannedDuration = newValue } } }
    /// `END-ON-NEXT=YES`: the range ends where the next range of its class starts.
    public var endOnNext: Bool { get { shared.value.endOnNext } set { shared = shared.changed { $0.endOnNext = newValue } } }
    /// `SCTE35-CMD`, the splice_info_section bytes.
    public var scte35Command: [UInt8]? { get { shared.value.scte35Command } set { shared = shared.changed { $0.scte35Command = newValue } } }
    /// `SCTE35-OUT`.
    public var scte35Out: [UInt8]? { get { shared.value.scte35Out } set { shared = shared.changed { $0.scte35Out = newValue } } }
    /// `SCTE35-IN`.
    public var scte35In: [UInt8]? { get { shared.value.scte35In } set { shared = shared.changed { $0.scte35In = newValue } } }
    /// The `X-` client attributes, in order.
    public var clientAttributes: [Attribute] { attributes.attributes.filter { $0.name.hasPrefix("X-") } }
    /// The 1-based line.
    public var line: Int { get { shared.value.line } set { shared = shared.changed { $0.line = newValue } } }
    /// Every attribute as written.
    public var attributes: AttributeList { get { shared.value.attributes } set { shared = shared.changed { $0.attributes = newValue } } }
    /// Deviations from the specification that were tolerated (a quoted
    /// SCTE35-OUT, an unknown CUE identifier), each a warning at the tag's line.
    public var problems: [AttributeProblem] { get { shared.value.problems } set { shared = shared.changed { $0.problems = newValue } } }

    /// Its typed values, read in place in the box.
    var values: Values { _read { yield shared.value } }

    /// A range of `values` starting at `startDate`, scheduling `interstitial`
    /// when its class (`knownClass`) is one, boxed once.
    init(_ values: consuming Values, startDate: ProgramDateTime?, interstitial: consuming Interstitial.Values?, _ knownClass: KnownClass) {
        values.startDate = startDate
        values.interstitial = interstitial
        self.knownClass = knownClass
        shared = Shared(values)
    }

    /// The typed values of `list`, but for the interstitial's (the caller
    /// reads those when the class is ``KnownClass/interstitial``), and which
    /// class it is: what the parser looks at before the range is boxed, so
    /// its checks read a local and retain nothing.
    static func values(reading list: AttributeList) throws(HLSError) -> (values: Values, knownClass: KnownClass) {
        let known = Known(list)
        // In the order the attributes are checked, so the first bad one is the error.
        let id = try list.requiredQuoted("ID", at: known.id)
        let (className, knownClass) = try Self.className(list, known.className)
        let startDate = try Self.date(list, "START-DATE", known.startDate)
        let endDate = try Self.date(list, "END-DATE", known.endDate)
        var problems: [AttributeProblem] = []
        var cue: Cue = []
        if let text = try list.quoted("CUE", at: known.cue) {
            let read = Cue.read(text)
            cue = read.cue
            problems += read.problems
        }
        let duration = try list.ticks("DURATION", at: known.duration).map(MediaDuration.init(ticks:))
        let plannedDuration = try list.ticks("PLANNED-DURATION", at: known.plannedDuration).map(MediaDuration.init(ticks:))
        let endOnNext = try list.enumerated("END-ON-NEXT", at: known.endOnNext, is: "YES")
        let scte35Command = try Self.scte35(list, "SCTE35-CMD", known.scte35Command, &problems)
        let scte35Out = try Self.scte35(list, "SCTE35-OUT", known.scte35Out, &problems)
        let scte35In = try Self.scte35(list, "SCTE35-IN", known.scte35In, &problems)
        let values = Values(
            id: id, className: className, startDate: startDate, cue: cue, endDate: endDate,
            duration: duration, plannedDuration: plannedDuration, endOnNext: endOnNext,
            scte35Command: scte35Command, scte35Out: scte35Out, scte35In: scte35In,
            line: list.line, attributes: list, problems: problems, interstitial: nil)
        if values.endOnNext, className == nil { throw list.error(.missingAttribute, "END-ON-NEXT=YES needs a CLASS") }
        if let startDate, let endDate, endDate < startDate {
            throw list.error(.badValue, "END-DATE is before START-DATE")
        }
        return (values, knownClass)
    }

    /// Where the first occurrence of each attribute the range types is, found
    /// in one pass over the names' bytes.
    private struct Known {
        var id, className, startDate, endDate, cue, duration, plannedDuration, endOnNext: Int?
        var scte35Command, scte35Out, scte35In: Int?

        init(_ list: AttributeList) {
            for index in 0..<list.count {
                list.withName(at: index) { name in note(name, index) }
            }
        }

        private mutating func note(_ name: UnsafeBufferPointer<UInt8>, _ index: Int) {
            // A client attribute (`X-…`) is none of them.
            guard let first = name.first, first != UInt8(ascii: "X") || name.count < 2 || name[1] != UInt8(ascii: "-") else { return }
            @inline(__always) func `is`(_ wanted: StaticString) -> Bool { Bytes.isName(name, wanted) }
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

    /// `CLASS`, and which of the classes this package reads it is, told
    /// from its bytes; such a class is the one shared string, so reading it
    /// allocates nothing and comparing it is quick.
    private static func className(_ list: AttributeList, _ index: Int?) throws(HLSError) -> (String?, KnownClass) {
        guard let index, list.isQuoted(at: index) else { return (try list.quoted("CLASS", at: index), .other) }
        if list.value(at: index, is: "com.apple.hls.interstitial") { return (Interstitial.className, .interstitial) }
        if list.value(at: index, is: "urn:svta:advertising-wg:ad-creative-signaling") { return (CreativeSignal.className, .creativeSignal) }
        if list.value(at: index, is: "com.apple.hls.preload") { return (PreloadRange.className, .preload) }
        return (list.value(at: index), .other)
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
    public var interstitial: Interstitial? {
        // Told without copying the values out of the box.
        if case .none = shared.value.interstitial { return nil }
        return Interstitial(box: shared)
    }

    /// Whether the range schedules an interstitial (its CLASS is `com.apple.hls.interstitial`).
    var isInterstitial: Bool { knownClass == .interstitial }
    /// Whether its CLASS is SVTA 2053-2 creative signalling.
    public var isCreativeSignal: Bool { knownClass == .creativeSignal }
    /// The creative signalling ranges of `ranges`, in order. Each range's
    /// class is read where it lies: an element passed to a filter was
    /// retained and released, a touch of every range's values.
    static func creativeSignals(in ranges: [DateRange]) -> [DateRange] {
        ranges.withUnsafeBufferPointer { ranges in
            var found: [DateRange] = []
            for index in ranges.indices where ranges[index].knownClass == .creativeSignal { found.append(ranges[index]) }
            return found
        }
    }

    /// Whether its CLASS is `com.apple.hls.preload`.
    var isPreload: Bool { knownClass == .preload }

    /// Whether the range is about ads: it carries SCTE-35 or schedules an interstitial.
    public var isAdSignal: Bool {
        isInterstitial || scte35Out != nil || scte35In != nil || scte35Command != nil
    }

    /// The duration the range states: `DURATION`, else `END-DATE − START-DATE`.
    public var statedDuration: MediaDuration? { shared.value.statedDuration }
}

extension DateRange.Values {
    /// ``DateRange/statedDuration``.
    var statedDuration: MediaDuration? {
        if let duration { return duration }
        if let startDate, let endDate { return MediaDuration(ticks: endDate.ticksSinceEpoch - startDate.ticksSinceEpoch) }
        return nil
    }
}

extension DateRange.Values {
    /// The values of a range that only holds `interstitial`, read from `list`
    /// (an interstitial made on its own, not read from a playlist).
    init(scheduling interstitial: Interstitial.Values, from list: AttributeList) {
        self.init(id: "", className: Interstitial.className, startDate: nil, cue: interstitial.cue, endDate: nil,
                  duration: nil, plannedDuration: nil, endOnNext: false, scte35Command: nil, scte35Out: nil, scte35In: nil,
                  line: list.line, attributes: list, problems: [], interstitial: interstitial)
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
