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
    /// `CUE`: `PRE`, `POST`, `ONCE`, comma-separated.
    public var cue: [String]
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
    public var clientAttributes: [Attribute]
    /// The 1-based line.
    public var line: Int
    /// Every attribute as written.
    public var attributes: AttributeList
    /// Deviations from the specification that were tolerated (e.g. a quoted SCTE35-OUT).
    public var problems: [String]

    init(_ list: AttributeList) throws(HLSError) {
        let known = Known(list)
        id = try list.requiredQuoted("ID", known.id)
        className = try list.quoted("CLASS", known.className)
        startDate = try Self.date(list, "START-DATE", known.startDate)
        endDate = try Self.date(list, "END-DATE", known.endDate)
        cue = try list.quoted("CUE", known.cue).map { $0.split(separator: ",").map { $0.trimmingSpaces } } ?? []
        duration = try list.ticks("DURATION", known.duration).map(MediaDuration.init(ticks:))
        plannedDuration = try list.ticks("PLANNED-DURATION", known.plannedDuration).map(MediaDuration.init(ticks:))
        endOnNext = try list.enumerated("END-ON-NEXT", known.endOnNext) == "YES"
        var problems: [String] = []
        scte35Command = try Self.scte35(list, "SCTE35-CMD", known.scte35Command, &problems)
        scte35Out = try Self.scte35(list, "SCTE35-OUT", known.scte35Out, &problems)
        scte35In = try Self.scte35(list, "SCTE35-IN", known.scte35In, &problems)
        self.problems = problems
        clientAttributes = known.hasClientAttributes ? list.attributes.filter { $0.name.hasPrefix("X-") } : []
        line = list.line
        attributes = list
        interstitial = nil
        if className == Interstitial.className { interstitial = Interstitial(self) }
        if endOnNext, className == nil { throw list.error(.missingAttribute, "END-ON-NEXT=YES needs a CLASS") }
        if let startDate, let endDate, endDate < startDate {
            throw list.error(.badValue, "END-DATE is before START-DATE")
        }
    }

    /// The first occurrence of each attribute the range types, found in one pass.
    private struct Known {
        var id, className, startDate, endDate, cue, duration, plannedDuration, endOnNext: Attribute?
        var scte35Command, scte35Out, scte35In: Attribute?
        var hasClientAttributes = false

        init(_ list: AttributeList) {
            for attribute in list.attributes {
                let name = attribute.name
                let utf8 = name.utf8
                guard let first = utf8.first else { continue }
                if first == UInt8(ascii: "X"), utf8.dropFirst().first == UInt8(ascii: "-") {
                    hasClientAttributes = true
                    continue
                }
                switch (utf8.count, first) {
                case (2, UInt8(ascii: "I")) where name == "ID": id = id ?? attribute
                case (5, UInt8(ascii: "C")) where name == "CLASS": className = className ?? attribute
                case (10, UInt8(ascii: "S")) where name == "START-DATE": startDate = startDate ?? attribute
                case (10, UInt8(ascii: "S")) where name == "SCTE35-CMD": scte35Command = scte35Command ?? attribute
                case (10, UInt8(ascii: "S")) where name == "SCTE35-OUT": scte35Out = scte35Out ?? attribute
                case (9, UInt8(ascii: "S")) where name == "SCTE35-IN": scte35In = scte35In ?? attribute
                case (8, UInt8(ascii: "E")) where name == "END-DATE": endDate = endDate ?? attribute
                case (3, UInt8(ascii: "C")) where name == "CUE": cue = cue ?? attribute
                case (8, UInt8(ascii: "D")) where name == "DURATION": duration = duration ?? attribute
                case (16, UInt8(ascii: "P")) where name == "PLANNED-DURATION": plannedDuration = plannedDuration ?? attribute
                case (11, UInt8(ascii: "E")) where name == "END-ON-NEXT": endOnNext = endOnNext ?? attribute
                default: break
                }
            }
        }
    }

    /// SCTE35-* is a hexadecimal-sequence; real packagers also quote it, which is tolerated.
    private static func scte35(_ list: AttributeList, _ name: String, _ attribute: Attribute?,
                               _ problems: inout [String]) throws(HLSError) -> [UInt8]? {
        guard let attribute else { return nil }
        guard attribute.isQuoted else { return try list.hex(name, attribute) }
        guard let bytes = AttributeList.hexBytes(attribute.value) else {
            throw list.error(.badValue, "\(name) must be a hexadecimal sequence (0x...), not \(attribute.text)")
        }
        problems.append("\(name) is quoted; a hexadecimal-sequence has no quotes")
        return bytes
    }

    private static func date(_ list: AttributeList, _ name: String, _ attribute: Attribute?) throws(HLSError) -> ProgramDateTime? {
        guard let text = try list.quoted(name, attribute) else { return nil }
        guard let date = ProgramDateTime(text) else {
            throw list.error(.badValue, "\(name) must be an ISO 8601 date with a time zone, not \(text)")
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

/// An HLS interstitial: a date range of CLASS `com.apple.hls.interstitial`
/// (RFC 8216bis Appendix D).
public struct Interstitial: Sendable, Hashable {
    /// The CLASS that marks an interstitial.
    public static let className = "com.apple.hls.interstitial"

    /// `X-ASSET-URI`: the one asset to play.
    public var assetURI: String?
    /// `X-ASSET-LIST`: a JSON list of assets to play.
    public var assetList: String?
    /// `X-RESUME-OFFSET`: where primary playback resumes, from the range's start.
    public var resumeOffset: MediaDuration?
    /// `X-PLAYOUT-LIMIT`: the most the interstitial may play.
    public var playoutLimit: MediaDuration?
    /// `X-SNAP`: `OUT`, `IN`.
    public var snap: [String]
    /// `X-RESTRICT`: `SKIP`, `JUMP`.
    public var restrict: [String]
    /// `X-TIMELINE-OCCUPIES`: `POINT` or `RANGE`.
    public var timelineOccupies: String?
    /// `X-TIMELINE-STYLE`: `HIGHLIGHT` or `PRIMARY`.
    public var timelineStyle: String?
    /// `X-CONTENT-MAY-VARY`.
    public var contentMayVary: Bool?
    /// The range's `CUE`: `PRE`, `POST`, `ONCE`.
    public var cue: [String]
    /// Problems with the X- attributes (wrong type); the interstitial is still usable.
    public var problems: [String]

    init(_ range: DateRange) {
        var problems: [String] = []
        func value(_ name: String) -> Attribute? { range.clientAttributes.first { $0.name == name } }
        func duration(_ name: String) -> MediaDuration? {
            guard let attribute = value(name) else { return nil }
            guard !attribute.isQuoted, let ticks = Numbers.ticks(attribute.value, signed: true) else {
                problems.append("\(name) must be a decimal number, not \(attribute.text)")
                return nil
            }
            return MediaDuration(ticks: ticks)
        }
        func list(_ name: String) -> [String] {
            value(name)?.value.split(separator: ",").map { $0.trimmingSpaces } ?? []
        }
        assetURI = value("X-ASSET-URI")?.value
        assetList = value("X-ASSET-LIST")?.value
        resumeOffset = duration("X-RESUME-OFFSET")
        playoutLimit = duration("X-PLAYOUT-LIMIT")
        snap = list("X-SNAP")
        restrict = list("X-RESTRICT")
        timelineOccupies = value("X-TIMELINE-OCCUPIES")?.value
        timelineStyle = value("X-TIMELINE-STYLE")?.value
        contentMayVary = value("X-CONTENT-MAY-VARY").map { $0.value == "YES" }
        cue = range.cue
        if assetURI == nil, assetList == nil { problems.append("neither X-ASSET-URI nor X-ASSET-LIST is given") }
        if assetURI != nil, assetList != nil { problems.append("both X-ASSET-URI and X-ASSET-LIST are given") }
        self.problems = problems
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
