public import MediaTime
internal import SCTE35

/// SVTA 2053-2 ad creative signalling carried by a date range of
/// `CLASS="urn:svta:advertising-wg:ad-creative-signaling"`: its
/// `X-AD-CREATIVE-SIGNALING` attribute is base64 JSON describing the ads
/// stitched into the stream from the range's START-DATE, with their
/// tracking. Read from a playlist by ``MediaPlaylist/creativeSignals``.
///
/// The envelope's `payload` holds slots (`"type": "slot"`, the default) or
/// pods (`"type": "pod"`, each with its slots and its own tracking). A
/// slot's `start` counts from the range's START-DATE (plus its pod's
/// `start`); a tracking event's `offset`, when given, from the slot's start.
public struct CreativeSignal: Sendable, Hashable {
    /// The CLASS that marks creative signalling.
    public static let className = "urn:svta:advertising-wg:ad-creative-signaling"
    /// The attribute that carries it.
    public static let attributeName = "X-AD-CREATIVE-SIGNALING"

    /// The date range's `ID`.
    public var id: String
    /// `START-DATE`: where the slots' times count from.
    public var startDate: ProgramDateTime?
    /// `DURATION`, else END-DATE less START-DATE.
    public var duration: MediaDuration?
    /// The 1-based line of its tag.
    public var line: Int
    /// The slots, in order, each with its start from START-DATE (its pod's
    /// start added).
    public var slots: [Slot]
    /// The pods, when the envelope's type is `pod`: their span and tracking.
    public var pods: [Pod]

    /// One ad (a linear creative) stitched into the stream.
    public struct Slot: Sendable, Hashable {
        /// `type` (`linear`), when given.
        public var type: String?
        /// `start`: from the range's START-DATE.
        public var start: MediaDuration
        /// `duration`.
        public var duration: MediaDuration
        /// `identifiers`: `scheme` and `value` of each.
        public var identifiers: [Identifier]
        /// `skipOffset`: when the viewer may skip it, from its start.
        public var skipOffset: MediaDuration?
        /// `clickThrough`: the landing page.
        public var clickThrough: String?
        /// `tracking`: the beacons.
        public var tracking: [Tracking]

        /// A slot.
        public init(type: String? = nil, start: MediaDuration, duration: MediaDuration, identifiers: [Identifier] = [],
                    skipOffset: MediaDuration? = nil, clickThrough: String? = nil, tracking: [Tracking] = []) {
            self.type = type
            self.start = start
            self.duration = duration
            self.identifiers = identifiers
            self.skipOffset = skipOffset
            self.clickThrough = clickThrough
            self.tracking = tracking
        }
    }

    /// An ad identifier (`{"scheme": "…", "value": "…"}`).
    public struct Identifier: Sendable, Hashable {
        /// `scheme`, such as `urn:smpte:ul:…` or an ad server's.
        public var scheme: String
        /// `value`.
        public var value: String

        /// An identifier.
        public init(scheme: String, value: String) {
            self.scheme = scheme
            self.value = value
        }
    }

    /// A tracking event: its type (`impression`, `start`, `firstQuartile`,
    /// `podStart`, …) and its URLs.
    public struct Tracking: Sendable, Hashable {
        /// `type`.
        public var type: String
        /// `urls`, as written (relative ones resolve against the playlist).
        public var urls: [String]
        /// `offset`: when it fires, from its slot's (or pod's) start; nil: at its type's moment.
        public var offset: MediaDuration?

        /// A tracking event.
        public init(type: String, urls: [String], offset: MediaDuration? = nil) {
            self.type = type
            self.urls = urls
            self.offset = offset
        }
    }

    /// A pod of slots, with its own tracking (`podStart`, `podEnd`).
    public struct Pod: Sendable, Hashable {
        /// `start`: from the range's START-DATE (0 when absent).
        public var start: MediaDuration
        /// `duration`.
        public var duration: MediaDuration
        /// `tracking`.
        public var tracking: [Tracking]

        /// A pod.
        public init(start: MediaDuration, duration: MediaDuration, tracking: [Tracking] = []) {
            self.start = start
            self.duration = duration
            self.tracking = tracking
        }
    }

    /// Reads the signalling of `range`; nil when it is not of the signalling
    /// class.
    /// - Throws: ``CreativeSignalError``: no attribute, not base64, not
    ///   JSON, or a value of the wrong type (with its JSON path).
    public init?(_ range: DateRange) throws(CreativeSignalError) {
        guard range.isCreativeSignal else { return nil }
        id = range.id
        startDate = range.startDate
        duration = range.duration ?? range.endDate.flatMap { end in
            range.startDate.flatMap { end.ticksSinceEpoch >= $0.ticksSinceEpoch ? MediaDuration(ticks: end.ticksSinceEpoch - $0.ticksSinceEpoch) : nil }
        }
        line = range.line
        guard let text = range.attributes.attributes.first(where: { $0.name == Self.attributeName })?.value else {
            throw CreativeSignalError(line: range.line, path: nil, message: "no \(Self.attributeName) attribute")
        }
        let json: [UInt8]
        do {
            json = try PayloadText.decode(base64: text)
        } catch {
            throw CreativeSignalError(line: range.line, path: nil, message: "\(Self.attributeName) is not base64: \(error)")
        }
        do {
            (slots, pods) = try Self.envelope(DocumentField.root(json))
        } catch {
            throw CreativeSignalError(line: range.line, path: error.path, message: error.message)
        }
    }

    /// The slots and pods of the envelope.
    private static func envelope(_ document: DocumentField) throws(DocumentField.Failure) -> ([Slot], [Pod]) {
        let type = try document.member("type")?.string() ?? "slot"
        let payload = try document.member("payload", required: true)!.elements()
        switch type {
        case "slot":
            var slots: [Slot] = []
            for item in payload { slots.append(try slot(item, from: .zero)) }
            return (slots, [])
        case "pod":
            var slots: [Slot] = []
            var pods: [Pod] = []
            for item in payload {
                let start = try item.member("start")?.seconds() ?? .zero
                pods.append(Pod(start: start, duration: try item.member("duration", required: true)!.seconds(),
                                tracking: try tracking(item)))
                for slotItem in try item.member("slots")?.elements() ?? [] { slots.append(try slot(slotItem, from: start)) }
            }
            return (slots, pods)
        default:
            throw try document.member("type")!.failure("expected \"slot\" or \"pod\", got \"\(type)\"")
        }
    }

    private static func slot(_ item: DocumentField, from podStart: MediaDuration) throws(DocumentField.Failure) -> Slot {
        let durationField = try item.member("duration", required: true)!
        let duration = try durationField.seconds()
        guard duration > .zero else { throw durationField.failure("must be above 0") }
        var identifiers: [Identifier] = []
        for identifier in try item.member("identifiers")?.elements() ?? [] {
            identifiers.append(Identifier(scheme: try identifier.member("scheme", required: true)!.string(),
                                          value: try identifier.member("value", required: true)!.string()))
        }
        return Slot(type: try item.member("type")?.string(), start: podStart + (try item.member("start", required: true)!.seconds()),
                    duration: duration, identifiers: identifiers, skipOffset: try item.member("skipOffset")?.seconds(),
                    clickThrough: try item.member("clickThrough")?.string(), tracking: try tracking(item))
    }

    private static func tracking(_ item: DocumentField) throws(DocumentField.Failure) -> [Tracking] {
        var events: [Tracking] = []
        for event in try item.member("tracking")?.elements() ?? [] {
            var urls: [String] = []
            for url in try event.member("urls")?.elements() ?? [] { urls.append(try url.string()) }
            events.append(Tracking(type: try event.member("type", required: true)!.string(), urls: urls,
                                   offset: try event.member("offset")?.seconds()))
        }
        return events
    }
}

/// Creative signalling that cannot be read: its tag's line, the JSON path
/// of the value when the JSON is at fault, and why.
public struct CreativeSignalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the tag.
    public var line: Int
    /// The JSON path of the value (`$.payload[0].duration`), when the JSON is at fault.
    public var path: String?
    /// What is wrong.
    public var message: String

    /// An error at `line` (and `path`).
    public init(line: Int, path: String?, message: String) {
        self.line = line
        self.path = path
        self.message = message
    }

    /// `line 18: X-AD-CREATIVE-SIGNALING $.payload[0].duration: must be above 0`.
    public var description: String { "line \(line): \(detail)" }

    /// The description without the line: `X-AD-CREATIVE-SIGNALING $.payload[0].duration: must be above 0`.
    public var detail: String { CreativeSignal.attributeName + (path.map { " \($0)" } ?? "") + ": \(message)" }
}

extension MediaPlaylist {
    /// The creative signalling in the playlist, in tag order; a range that
    /// cannot be read is left out with a warning at its line (made when the
    /// playlist is parsed, ``warnings``).
    public var creativeSignals: [CreativeSignal] {
        dateRanges.compactMap { range in (try? CreativeSignal(range)) ?? nil }
    }
}
