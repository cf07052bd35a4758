internal import TextEcho
internal import MediaTime

extension Interstitial.Values {
    /// Types its own attributes in one pass over their bytes, noting a problem
    /// for each value that is not of its type and for each forbidden
    /// combination. Only the values kept as text become strings.
    mutating func read() {
        typealias Own = Interstitial.Own
        var problems: [AttributeProblem] = []
        var skipOffset: MediaDuration?
        var skipDuration: MediaDuration?
        var skipLabel: String?
        let own = self.own.list
        for index in 0..<own.count where self.own.contains(index) {
            switch Own(own, index) {
            case .assetURI: assetURI = Interstitial.quoted(own, index, &problems)
            case .assetList: assetList = Interstitial.quoted(own, index, &problems)
            case .resumeOffset: resumeOffset = Interstitial.seconds(own, index, positive: false, &problems)
            case .playoutLimit: playoutLimit = Interstitial.seconds(own, index, positive: true, &problems)
            case .snap: snap = Interstitial.Snap(rawValue: Interstitial.flags(own, index, Interstitial.snapValues, &problems))
            case .restrict: restrictions = Interstitial.Restrictions(rawValue: Interstitial.flags(own, index, Interstitial.restrictValues, &problems))
            case .contentMayVary:
                Interstitial.noteUnquoted(own, index, &problems)
                if own.value(at: index, is: "YES") {
                    contentMayVary = true
                } else if own.value(at: index, is: "NO") {
                    contentMayVary = false
                } else {
                    problems.append(AttributeProblem(own.name(at: index), "must be YES or NO, not \(Echo.quoted(own.value(at: index))); YES applies"))
                }
            case .timelineOccupies: timelineOccupies = Interstitial.choice(own, index, default: Interstitial.TimelineOccupancy.point, &problems)
            case .timelineStyle: timelineStyle = Interstitial.choice(own, index, default: Interstitial.TimelineStyle.highlight, &problems)
            case .skipOffset: skipOffset = Interstitial.seconds(own, index, positive: false, &problems)
            case .skipDuration: skipDuration = Interstitial.seconds(own, index, positive: false, &problems)
            case .skipLabel: skipLabel = Interstitial.quoted(own, index, &problems)
            // CUE is the date range's; its problems are the range's (``DateRange/problems``).
            case .cue: cue = DateRange.Cue.read(own.value(at: index)).cue
            case .other: break
            }
        }
        if assetURI != nil, assetList != nil {
            problems.append(AttributeProblem("X-ASSET-LIST", "is given with X-ASSET-URI; exactly one of them is allowed, and neither applies"))
        }
        if let skipOffset {
            skipControl = Interstitial.SkipControl(offset: skipOffset, duration: skipDuration, labelID: skipLabel)
        } else {
            for index in 0..<own.count where self.own.contains(index) && (Own(own, index) == .skipDuration || Own(own, index) == .skipLabel) {
                problems.append(AttributeProblem(own.name(at: index), "needs X-SKIP-CONTROL-OFFSET; there is no skip control"))
            }
        }
        self.problems = problems
    }
}

extension Interstitial {
    /// The attributes an interstitial types, found by their names' bytes.
    fileprivate enum Own {
        case assetURI, assetList, resumeOffset, playoutLimit, snap, restrict, contentMayVary
        case timelineOccupies, timelineStyle, skipOffset, skipDuration, skipLabel, cue, other

        init(_ list: AttributeList, _ index: Int) {
            self = list.withName(at: index) { name in
                func `is`(_ wanted: StaticString) -> Bool { Bytes.equal(name.baseAddress!, wanted.utf8Start, name.count) }
                // The length first, so a name's bytes are compared with at most two others.
                switch name.count {
                case 3 where `is`("CUE"): return .cue
                case 6 where `is`("X-SNAP"): return .snap
                case 10 where `is`("X-RESTRICT"): return .restrict
                case 11 where `is`("X-ASSET-URI"): return .assetURI
                case 12 where `is`("X-ASSET-LIST"): return .assetList
                case 15 where `is`("X-RESUME-OFFSET"): return .resumeOffset
                case 15 where `is`("X-PLAYOUT-LIMIT"): return .playoutLimit
                case 16 where `is`("X-TIMELINE-STYLE"): return .timelineStyle
                case 18 where `is`("X-CONTENT-MAY-VARY"): return .contentMayVary
                case 19 where `is`("X-TIMELINE-OCCUPIES"): return .timelineOccupies
                case 21 where `is`("X-SKIP-CONTROL-OFFSET"): return .skipOffset
                case 23 where `is`("X-SKIP-CONTROL-DURATION"): return .skipDuration
                case 23 where `is`("X-SKIP-CONTROL-LABEL-ID"): return .skipLabel
                default: return .other
                }
            }
        }
    }

    /// A quoted-string value; written unquoted it is read as one, with a problem.
    fileprivate static func quoted(_ list: AttributeList, _ index: Int, _ problems: inout [AttributeProblem]) -> String {
        noteUnquoted(list, index, &problems)
        return list.value(at: index)
    }

    fileprivate static func noteUnquoted(_ list: AttributeList, _ index: Int, _ problems: inout [AttributeProblem]) {
        guard !list.isQuoted(at: index) else { return }
        problems.append(AttributeProblem(list.name(at: index), "must be a quoted string; \(Echo.quoted(list.value(at: index))) is read as one"))
    }

    fileprivate static func seconds(_ list: AttributeList, _ index: Int, positive: Bool, _ problems: inout [AttributeProblem]) -> MediaDuration? {
        guard let ticks = list.withValue(at: index, { Numbers.ticks($0, 0..<$0.count) }), !positive || ticks > 0 else {
            let wanted = positive ? "a decimal number of seconds above 0" : "a decimal number of seconds, 0 or more"
            problems.append(AttributeProblem(list.name(at: index), "must be \(wanted), not \(Echo.quoted(list.value(at: index))); it is ignored"))
            return nil
        }
        if list.isQuoted(at: index) { problems.append(AttributeProblem(list.name(at: index), "is a decimal number, written without quotes")) }
        return MediaDuration(ticks: ticks)
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ list: AttributeList, _ index: Int, default value: Value, _ problems: inout [AttributeProblem]
    ) -> Value where Value.RawValue == String {
        noteUnquoted(list, index, &problems)
        let chosen = list.withValue(at: index) { bytes in Value.allCases.first { $0.rawValue.utf8.elementsEqual(bytes) } }
        if let chosen { return chosen }
        let allowed = Value.allCases.map(\.rawValue).joined(separator: " or ")
        problems.append(AttributeProblem(list.name(at: index), "must be \(allowed), not \(Echo.quoted(list.value(at: index))); \(value.rawValue) applies"))
        return value
    }

    static let snapValues: [StaticString] = ["OUT", "IN"]
    static let restrictValues: [StaticString] = ["SKIP", "JUMP"]

    /// An enumerated-string-list as bits: bit `n` for `known[n]`; an unknown
    /// item is a problem. Read over the bytes: no string is made for an item.
    fileprivate static func flags(_ list: AttributeList, _ index: Int, _ known: [StaticString], _ problems: inout [AttributeProblem]) -> UInt8 {
        noteUnquoted(list, index, &problems)
        var bits: UInt8 = 0
        var unknown: [String] = []
        list.withValue(at: index) { bytes in
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                var low = start
                var high = end
                while low < high, bytes[low] == UInt8(ascii: " ") { low += 1 }
                while high > low, bytes[high - 1] == UInt8(ascii: " ") { high -= 1 }
                let token = UnsafeBufferPointer(rebasing: bytes[low..<high])
                if let bit = known.firstIndex(where: { $0.utf8CodeUnitCount == token.count && Bytes.equal($0.utf8Start, token.baseAddress!, token.count) }) {
                    bits |= 1 << UInt8(bit)
                } else if !token.isEmpty {
                    unknown.append(String(decoding: token, as: UTF8.self))
                }
                start = end + 1
            }
        }
        guard !unknown.isEmpty else { return bits }
        let names = known.map { "\($0)" }.joined(separator: ", ")
        for token in unknown {
            problems.append(AttributeProblem(list.name(at: index), "has \(Echo.quoted(token)), which is not one of \(names); it is ignored"))
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
