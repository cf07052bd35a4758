internal import TextEcho
internal import MediaTime

extension Interstitial {
    /// Types `attributes`, noting a problem for each value that is not of
    /// its type and for each forbidden combination.
    mutating func read() {
        var problems: [AttributeProblem] = []
        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
        func quoted(_ name: String) -> String? {
            guard let attribute = attribute(name) else { return nil }
            if !attribute.isQuoted { problems.append(AttributeProblem(name, "must be a quoted string; \(Echo.quoted(attribute.value)) is read as one")) }
            return attribute.value
        }
        func seconds(_ name: String, positive: Bool = false) -> MediaDuration? {
            guard let attribute = attribute(name) else { return nil }
            guard let ticks = Numbers.ticks(attribute.value), !positive || ticks > 0 else {
                let wanted = positive ? "a decimal number of seconds above 0" : "a decimal number of seconds, 0 or more"
                problems.append(AttributeProblem(name, "must be \(wanted), not \(Echo.quoted(attribute.value)); it is ignored"))
                return nil
            }
            if attribute.isQuoted { problems.append(AttributeProblem(name, "is a decimal number, written without quotes")) }
            return MediaDuration(ticks: ticks)
        }
        func choice<Value: RawRepresentable & CaseIterable>(_ name: String, default value: Value) -> Value where Value.RawValue == String {
            guard let text = quoted(name) else { return value }
            if let chosen = Value(rawValue: text) { return chosen }
            let allowed = Value.allCases.map(\.rawValue).joined(separator: " or ")
            problems.append(AttributeProblem(name, "must be \(allowed), not \(Echo.quoted(text)); \(value.rawValue) applies"))
            return value
        }
        func list<Set: OptionSet>(_ name: String, _ known: KeyValuePairs<String, Set>) -> Set where Set.Element == Set {
            guard let text = quoted(name) else { return [] }
            var set: Set = []
            for item in text.split(separator: ",").map({ $0.trimmingSpaces }) {
                if let value = known.first(where: { $0.key == item })?.value {
                    set.insert(value)
                } else {
                    let allowed = known.map(\.key).joined(separator: ", ")
                    problems.append(AttributeProblem(name, "has \(Echo.quoted(item)), which is not one of \(allowed); it is ignored"))
                }
            }
            return set
        }

        assetURI = quoted("X-ASSET-URI")
        assetList = quoted("X-ASSET-LIST")
        if assetURI != nil, assetList != nil {
            problems.append(AttributeProblem("X-ASSET-LIST", "is given with X-ASSET-URI; exactly one of them is allowed, and neither applies"))
        }
        resumeOffset = seconds("X-RESUME-OFFSET")
        playoutLimit = seconds("X-PLAYOUT-LIMIT", positive: true)
        snap = list("X-SNAP", ["OUT": .out, "IN": .in])
        restrictions = list("X-RESTRICT", ["SKIP": .skip, "JUMP": .jump])
        switch quoted("X-CONTENT-MAY-VARY") {
        case nil, "YES": contentMayVary = true
        case "NO": contentMayVary = false
        case let other?:
            contentMayVary = true
            problems.append(AttributeProblem("X-CONTENT-MAY-VARY", "must be YES or NO, not \(Echo.quoted(other)); YES applies"))
        }
        timelineOccupies = choice("X-TIMELINE-OCCUPIES", default: TimelineOccupancy.point)
        timelineStyle = choice("X-TIMELINE-STYLE", default: TimelineStyle.highlight)
        let skipOffset = seconds("X-SKIP-CONTROL-OFFSET")
        let skipDuration = seconds("X-SKIP-CONTROL-DURATION")
        let skipLabel = quoted("X-SKIP-CONTROL-LABEL-ID")
        if let skipOffset {
            skipControl = SkipControl(offset: skipOffset, duration: skipDuration, labelID: skipLabel)
        } else {
            skipControl = nil
            for name in ["X-SKIP-CONTROL-DURATION", "X-SKIP-CONTROL-LABEL-ID"] where attribute(name) != nil {
                problems.append(AttributeProblem(name, "needs X-SKIP-CONTROL-OFFSET; there is no skip control"))
            }
        }
        // CUE is the date range's; its problems are the range's (``DateRange/problems``).
        cue = attribute("CUE").map { DateRange.Cue.read($0.value).cue } ?? []
        self.problems = problems
    }

    /// The problem of a first tag that names no asset, or nil.
    var missingAsset: AttributeProblem? {
        guard assetURI == nil, assetList == nil else { return nil }
        return AttributeProblem("X-ASSET-URI", "or X-ASSET-LIST is required; neither is given")
    }
}

extension DateRange {
    /// `CUE`: when a range's action is triggered, whatever its START-DATE says.
    public struct Cue: OptionSet, Sendable, Hashable {
        /// The bits.
        public var rawValue: UInt8
        /// Trigger identifiers from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `PRE`: before primary playback starts, wherever it starts.
        public static let pre = Cue(rawValue: 1)
        /// `POST`: once primary playback has reached its end.
        public static let post = Cue(rawValue: 2)
        /// `ONCE`: at most once in a session.
        public static let once = Cue(rawValue: 4)

        /// Reads a `CUE` value: unknown identifiers, and PRE with POST, are problems.
        static func read(_ text: String) -> (cue: Cue, problems: [AttributeProblem]) {
            var cue: Cue = []
            var problems: [AttributeProblem] = []
            for item in text.split(separator: ",").map({ $0.trimmingSpaces }) {
                switch item {
                case "PRE": cue.insert(.pre)
                case "POST": cue.insert(.post)
                case "ONCE": cue.insert(.once)
                default: problems.append(AttributeProblem("CUE", "has \(Echo.quoted(item)), which is not one of PRE, POST, ONCE; it is ignored"))
                }
            }
            if cue.isSuperset(of: [.pre, .post]) {
                cue.subtract([.pre, .post])
                problems.append(AttributeProblem("CUE", "has PRE and POST together, which is not allowed; neither applies"))
            }
            return (cue, problems)
        }

        /// The identifiers as written: `PRE,ONCE`.
        public var text: String {
            [(Cue.pre, "PRE"), (.post, "POST"), (.once, "ONCE")].filter { contains($0.0) }.map(\.1).joined(separator: ",")
        }
    }
}
