internal import TextEcho
public import MediaTime

/// An HLS interstitial: a date range of CLASS `com.apple.hls.interstitial`
/// (RFC 8216bis Appendix D.2), every attribute typed.
///
/// Tags with the same ID describe one interstitial: a later tag only adds
/// attributes (``merging(_:)``). A value that is not of its type, or a
/// forbidden combination, is a problem (a warning at the tag's line, naming
/// the attribute); the interstitial keeps the attribute's default.
public struct Interstitial: Sendable, Hashable {
    /// The CLASS that marks an interstitial.
    public static let className = "com.apple.hls.interstitial"

    /// What the interstitial plays: one asset, or a list fetched when it is due.
    public enum Asset: Sendable, Hashable {
        /// `X-ASSET-URI`: the one asset (a playlist) to play.
        case uri(String)
        /// `X-ASSET-LIST`: a JSON document listing the assets (`ASSETS`).
        case list(String)
    }

    /// `X-RESTRICT`: what the viewer may not do about the interstitial.
    public struct Restrictions: OptionSet, Sendable, Hashable {
        /// The bits.
        public var rawValue: UInt8
        /// Restrictions from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `SKIP`: no seeking forward and no rate above 1 while it plays.
        public static let skip = Restrictions(rawValue: 1)
        /// `JUMP`: a seek from before it to after it plays it first.
        public static let jump = Restrictions(rawValue: 2)
    }

    /// `X-SNAP`: which of its points move to the nearest segment boundary.
    public struct Snap: OptionSet, Sendable, Hashable {
        /// The bits.
        public var rawValue: UInt8
        /// Snap points from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `OUT`: where primary playback leaves.
        public static let out = Snap(rawValue: 1)
        /// `IN`: where primary playback resumes.
        public static let `in` = Snap(rawValue: 2)
    }

    /// `X-TIMELINE-OCCUPIES`: how a timeline UI shows it.
    public enum TimelineOccupancy: String, Sendable, Hashable, CaseIterable {
        /// `POINT`, the default: a single point.
        case point = "POINT"
        /// `RANGE`: a range of the primary timeline.
        case range = "RANGE"
    }

    /// `X-TIMELINE-STYLE`: how a UI presents it.
    public enum TimelineStyle: String, Sendable, Hashable, CaseIterable {
        /// `HIGHLIGHT`, the default: distinct from the primary content (an ad).
        case highlight = "HIGHLIGHT"
        /// `PRIMARY`: as part of the primary content.
        case primary = "PRIMARY"
    }

    /// A skip button: shown `offset` after the interstitial starts, for
    /// `duration` (to its end when nil).
    public struct SkipControl: Sendable, Hashable {
        /// `X-SKIP-CONTROL-OFFSET`: from the interstitial's start.
        public var offset: MediaDuration
        /// `X-SKIP-CONTROL-DURATION`: how long the control is shown; nil to the end.
        public var duration: MediaDuration?
        /// `X-SKIP-CONTROL-LABEL-ID`: the label the app shows on the control.
        public var labelID: String?

        /// A skip control.
        public init(offset: MediaDuration, duration: MediaDuration? = nil, labelID: String? = nil) {
            self.offset = offset
            self.duration = duration
            self.labelID = labelID
        }
    }

    /// The box of the date range that scheduled it, whose values hold its
    /// own (``DateRange/Values/interstitial``): built once from the tag and
    /// shared by every copy (the range, its signal, its opportunity) until
    /// one changes. An interstitial costs no allocation of its own.
    private var shared: Shared<DateRange.Values>

    /// Its values, read in place in the box.
    private var values: Values { _read { yield shared.value.interstitial! } }

    /// A new box with `edit` made to its values.
    private mutating func change(_ edit: (inout Values) -> Void) {
        shared = shared.changed { edit(&$0.interstitial!) }
    }

    /// The interstitial `box`'s date range schedules: its values hold one.
    init(box: Shared<DateRange.Values>) {
        shared = box
    }

    struct Values: Sendable, Hashable {
        /// `X-ASSET-URI` and `X-ASSET-LIST`, read from the tag's bytes when asked for.
        var assetURIText: OwnAttributes.Text?
        var assetListText: OwnAttributes.Text?
        var resumeOffset: MediaDuration?
        var playoutLimit: MediaDuration?
        var snap: Snap = []
        var restrictions: Restrictions = []
        var contentMayVary = true
        var timelineOccupies = TimelineOccupancy.point
        var timelineStyle = TimelineStyle.highlight
        var skipControl: SkipControl?
        var cue: DateRange.Cue = []
        /// The attributes it reads, a view of its tag's list.
        var own: OwnAttributes
        var problems: [AttributeProblem] = []

        /// The problem of a first tag that names no asset, or nil.
        var missingAsset: AttributeProblem? {
            // Asked of every first tag: the texts are not read.
            guard assetURIText == nil, assetListText == nil else { return nil }
            return AttributeProblem("X-ASSET-URI", "or X-ASSET-LIST is required; neither is given")
        }
    }

    /// `X-ASSET-URI` as written.
    public var assetURI: String? {
        get { values.assetURIText.map(values.own.string) }
        set { change { $0.assetURIText = newValue.map(OwnAttributes.Text.set) } }
    }
    /// `X-ASSET-LIST` as written.
    public var assetList: String? {
        get { values.assetListText.map(values.own.string) }
        set { change { $0.assetListText = newValue.map(OwnAttributes.Text.set) } }
    }
    /// `X-RESUME-OFFSET`: where primary playback resumes, from the scheduled
    /// point; nil means the interstitial's duration (it replaces content).
    public var resumeOffset: MediaDuration? { get { values.resumeOffset } set { change { $0.resumeOffset = newValue } } }
    /// `X-PLAYOUT-LIMIT`: the most the whole interstitial may play.
    public var playoutLimit: MediaDuration? { get { values.playoutLimit } set { change { $0.playoutLimit = newValue } } }
    /// `X-SNAP`.
    public var snap: Snap { get { values.snap } set { change { $0.snap = newValue } } }
    /// `X-RESTRICT`.
    public var restrictions: Restrictions { get { values.restrictions } set { change { $0.restrictions = newValue } } }
    /// `X-CONTENT-MAY-VARY`: whether viewers may see different content (default yes).
    public var contentMayVary: Bool { get { values.contentMayVary } set { change { $0.contentMayVary = newValue } } }
    /// `X-TIMELINE-OCCUPIES` (default `POINT`).
    public var timelineOccupies: TimelineOccupancy { get { values.timelineOccupies } set { change { $0.timelineOccupies = newValue } } }
    /// `X-TIMELINE-STYLE` (default `HIGHLIGHT`).
    public var timelineStyle: TimelineStyle { get { values.timelineStyle } set { change { $0.timelineStyle = newValue } } }
    /// The `X-SKIP-CONTROL-*` attributes, when an offset is given.
    public var skipControl: SkipControl? { get { values.skipControl } set { change { $0.skipControl = newValue } } }
    /// The range's `CUE`.
    public var cue: DateRange.Cue { get { values.cue } set { change { $0.cue = newValue } } }
    /// The attributes of its tags that it reads (`CUE` and the `X-` ones), the
    /// first value of each, in the order they first appeared.
    public var attributes: [Attribute] { values.own.attributes }
    /// What is wrong with those attributes; each is a warning at its tag's line.
    public internal(set) var problems: [AttributeProblem] { get { values.problems } set { change { $0.problems = newValue } } }

    /// The asset to play: the one of `X-ASSET-URI` and `X-ASSET-LIST` that
    /// is given; nil when neither or both are (a problem says which).
    public var asset: Asset? {
        switch (assetURI, assetList) {
        case (let uri?, nil): .uri(uri)
        case (nil, let list?): .list(list)
        default: nil
        }
    }

    /// Reads an interstitial from its tag's attributes (`CUE` and the `X-` ones are read).
    public init(attributes: [Attribute]) {
        self.init(AttributeList(attributes))
    }

    /// Reads an interstitial from its tag's attribute list: its own
    /// attributes (`CUE` and the `X-` ones, the first of each name) share the
    /// list's bytes and are typed straight from them.
    init(_ list: AttributeList) {
        shared = Shared(DateRange.Values(scheduling: Values.reading(list), from: list))
    }

    /// This interstitial with what a later tag of the same ID adds: its
    /// attributes this one lacks. A value the later tag changes is a
    /// problem of the later tag, and the first value stays.
    public func merging(_ later: Interstitial) -> (merged: Interstitial, conflicts: [AttributeProblem]) {
        var attributes = self.attributes
        var conflicts: [AttributeProblem] = []
        for attribute in later.attributes {
            if let first = attributes.first(where: { $0.name == attribute.name }) {
                guard first != attribute else { continue }
                conflicts.append(AttributeProblem(
                    attribute.name, "changes from \(Echo.quoted(first.value)) in the first tag to \(Echo.quoted(attribute.value)); the first value stays"))
            } else if let other = Self.otherAsset[attribute.name], let first = attributes.first(where: { $0.name == other }) {
                conflicts.append(AttributeProblem(
                    attribute.name, "is given where the first tag gave \(first.name); exactly one of them is allowed, and the first stays"))
            } else {
                attributes.append(attribute)
            }
        }
        guard attributes != self.attributes else { return (self, conflicts) }
        return (Interstitial(attributes: attributes), conflicts)
    }

    private static let otherAsset = ["X-ASSET-URI": "X-ASSET-LIST", "X-ASSET-LIST": "X-ASSET-URI"]

    /// Two interstitials are equal when their values are, whatever else their ranges hold.
    public static func == (lhs: Interstitial, rhs: Interstitial) -> Bool {
        lhs.shared === rhs.shared || lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) { values.hash(into: &hasher) }
}

/// A problem with one attribute of a tag: a value not of its type, or one
/// that contradicts another.
public struct AttributeProblem: Sendable, Hashable, CustomStringConvertible {
    /// The attribute's name.
    public var attribute: String
    /// What is wrong, in words, as a predicate of the attribute: `must be …`.
    public var message: String

    /// A problem of `attribute`.
    public init(_ attribute: String, _ message: String) {
        self.attribute = attribute
        self.message = message
    }

    /// `X-RESUME-OFFSET must be …`: the message is a predicate of the attribute.
    public var description: String { "\(attribute) \(message)" }
}
