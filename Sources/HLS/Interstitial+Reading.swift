internal import TextEcho
internal import MediaTime

extension Interstitial {
    /// Types `attributes` in one pass, noting a problem for each value that
    /// is not of its type and for each forbidden combination.
    mutating func read() {
        var problems: [AttributeProblem] = []
        var skipOffset: MediaDuration?
        var skipDuration: MediaDuration?
        var skipLabel: String?
        for attribute in attributes {
            // The length first, so a name is compared with at most two others.
            switch (attribute.name.utf8.count, attribute.name) {
            case (11, "X-ASSET-URI"): assetURI = Self.quoted(attribute, &problems)
            case (12, "X-ASSET-LIST"): assetList = Self.quoted(attribute, &problems)
            case (15, "X-RESUME-OFFSET"): resumeOffset = Self.seconds(attribute, positive: false, &problems)
            case (15, "X-PLAYOUT-LIMIT"): playoutLimit = Self.seconds(attribute, positive: true, &problems)
            case (6, "X-SNAP"): snap = Snap(rawValue: Self.flags(attribute, Self.snapValues, &problems))
            case (10, "X-RESTRICT"): restrictions = Restrictions(rawValue: Self.flags(attribute, Self.restrictValues, &problems))
            case (18, "X-CONTENT-MAY-VARY"):
                switch Self.quoted(attribute, &problems) {
                case "YES": contentMayVary = true
                case "NO": contentMayVary = false
                default:
                    problems.append(AttributeProblem(attribute.name, "must be YES or NO, not \(Echo.quoted(attribute.value)); YES applies"))
                }
            case (19, "X-TIMELINE-OCCUPIES"): timelineOccupies = Self.choice(attribute, default: TimelineOccupancy.point, &problems)
            case (16, "X-TIMELINE-STYLE"): timelineStyle = Self.choice(attribute, default: TimelineStyle.highlight, &problems)
            case (21, "X-SKIP-CONTROL-OFFSET"): skipOffset = Self.seconds(attribute, positive: false, &problems)
            case (23, "X-SKIP-CONTROL-DURATION"): skipDuration = Self.seconds(attribute, positive: false, &problems)
            case (23, "X-SKIP-CONTROL-LABEL-ID"): skipLabel = Self.quoted(attribute, &problems)
            // CUE is the date range's; its problems are the range's (``DateRange/problems``).
            case (3, "CUE"): cue = DateRange.Cue.read(attribute.value).cue
            default: break
            }
        }
        if assetURI != nil, assetList != nil {
            problems.append(AttributeProblem("X-ASSET-LIST", "is given with X-ASSET-URI; exactly one of them is allowed, and neither applies"))
        }
        if let skipOffset {
            skipControl = SkipControl(offset: skipOffset, duration: skipDuration, labelID: skipLabel)
        } else {
            for attribute in attributes where attribute.name == "X-SKIP-CONTROL-DURATION" || attribute.name == "X-SKIP-CONTROL-LABEL-ID" {
                problems.append(AttributeProblem(attribute.name, "needs X-SKIP-CONTROL-OFFSET; there is no skip control"))
            }
        }
        self.problems = problems
    }

    private static func quoted(_ attribute: Attribute, _ problems: inout [AttributeProblem]) -> String {
        if !attribute.isQuoted {
            problems.append(AttributeProblem(attribute.name, "must be a quoted string; \(Echo.quoted(attribute.value)) is read as one"))
        }
        return attribute.value
    }

    private static func seconds(_ attribute: Attribute, positive: Bool, _ problems: inout [AttributeProblem]) -> MediaDuration? {
        guard let ticks = Numbers.ticks(attribute.value), !positive || ticks > 0 else {
            let wanted = positive ? "a decimal number of seconds above 0" : "a decimal number of seconds, 0 or more"
            problems.append(AttributeProblem(attribute.name, "must be \(wanted), not \(Echo.quoted(attribute.value)); it is ignored"))
            return nil
        }
        if attribute.isQuoted { problems.append(AttributeProblem(attribute.name, "is a decimal number, written without quotes")) }
        return MediaDuration(ticks: ticks)
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ attribute: Attribute, default value: Value, _ problems: inout [AttributeProblem]
    ) -> Value where Value.RawValue == String {
        if let chosen = Value(rawValue: quoted(attribute, &problems)) { return chosen }
        let allowed = Value.allCases.map(\.rawValue).joined(separator: " or ")
        problems.append(AttributeProblem(attribute.name, "must be \(allowed), not \(Echo.quoted(attribute.value)); \(value.rawValue) applies"))
        return value
    }

    static let snapValues = ["OUT", "IN"]
    static let restrictValues = ["SKIP", "JUMP"]

    /// An enumerated-string-list as bits: bit `n` for `known[n]`; an unknown
    /// item is a problem. Read over the bytes: no string is made for an item.
    private static func flags(_ attribute: Attribute, _ known: [String], _ problems: inout [AttributeProblem]) -> UInt8 {
        let text = quoted(attribute, &problems)
        var bits: UInt8 = 0
        var rest = text.utf8[...]
        while !rest.isEmpty {
            let comma = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
            var token = rest[rest.startIndex..<comma]
            while token.first == UInt8(ascii: " ") { token = token.dropFirst() }
            while token.last == UInt8(ascii: " ") { token = token.dropLast() }
            if let index = known.firstIndex(where: { $0.utf8.elementsEqual(token) }) {
                bits |= 1 << UInt8(index)
            } else if !token.isEmpty {
                problems.append(AttributeProblem(
                    attribute.name, "has \(Echo.quoted(String(decoding: token, as: UTF8.self))), which is not one of \(known.joined(separator: ", ")); it is ignored"))
            }
            rest = comma == rest.endIndex ? rest[rest.endIndex...] : rest[rest.index(after: comma)...]
        }
        return bits
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
