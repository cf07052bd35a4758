internal import TextEcho
internal import MediaTime

extension Interstitial.Values {
    /// Reads the interstitial's own attributes of `list` (`CUE` and the `X-`
    /// ones, the first of each name) in one pass over its names: each is
    /// told by its bytes, typed, and noted in the view of the list it keeps.
    /// A value not of its type, or a forbidden combination, is a problem.
    /// Only the values kept as text become strings.
    ///
    /// The typed values are gathered in a local that holds no reference,
    /// and the whole value is made once, at the end: one built up in place
    /// through the loop was copied again, with every reference retained, on
    /// the way out.
    static func reading(_ list: AttributeList) -> Self {
        // Past 64 attributes the view is a copy of the own ones, and all of them are read.
        let isSubset = list.count > 64
        let list = isSubset ? list.subset { Interstitial.Own($0) != .notOwn } : list
        var typed = Typed()
        var problems: [AttributeProblem] = []
        var mask: UInt64 = 0
        var ownCount = 0
        var kindsSeen: UInt16 = 0
        for index in 0..<list.count {
            let kind = list.withName(at: index) { Interstitial.Own($0) }
            if !isSubset {
                guard kind != .notOwn else { continue }
                if kind == .other {
                    guard !repeats(index, in: list, amongst: mask) else { continue }
                } else {
                    guard kindsSeen & kind.bit == 0 else { continue }
                    kindsSeen |= kind.bit
                }
                mask |= 1 << UInt64(index)
            }
            // Counted among the own attributes, as the view will count them.
            typed.read(kind, list, index, ordinal: ownCount, &problems)
            ownCount += 1
        }
        if typed.assetURI != nil, typed.assetList != nil {
            problems.append(AttributeProblem("X-ASSET-LIST", "is given with X-ASSET-URI; exactly one of them is allowed, and neither applies"))
        }
        var skipControl: Interstitial.SkipControl?
        if let offset = typed.skipOffset {
            skipControl = Interstitial.SkipControl(offset: offset, duration: typed.skipDuration,
                                                   labelID: typed.skipLabel.map { list.value(at: $0) })
        } else if typed.skipDurationIndex != nil || typed.skipLabel != nil {
            for index in [typed.skipDurationIndex, typed.skipLabel].compactMap({ $0 }).sorted() {
                problems.append(AttributeProblem(list.name(at: index), "needs X-SKIP-CONTROL-OFFSET; there is no skip control"))
            }
        }
        return Self(assetURIText: typed.assetURI.map { .attribute(ordinal: $0) },
                    assetListText: typed.assetList.map { .attribute(ordinal: $0) },
                    resumeOffset: typed.resumeOffset, playoutLimit: typed.playoutLimit, snap: typed.snap,
                    restrictions: typed.restrictions, contentMayVary: typed.contentMayVary,
                    timelineOccupies: typed.timelineOccupies, timelineStyle: typed.timelineStyle,
                    skipControl: skipControl, cue: typed.cue,
                    own: OwnAttributes(list, mask: isSubset ? nil : mask), problems: problems)
    }

    /// Whether an earlier attribute of `list` in `mask` has the name of attribute `index`.
    private static func repeats(_ index: Int, in list: AttributeList, amongst mask: UInt64) -> Bool {
        list.withName(at: index) { name in
            (0..<index).contains { earlier in
                mask >> UInt64(earlier) & 1 == 1 && list.withName(at: earlier) { $0.elementsEqual(name) }
            }
        }
    }

    /// What the own attributes say, typed: values, and places in the list
    /// for the texts. It holds no reference, so it costs nothing to keep.
    private struct Typed {
        /// The ordinals, among the own attributes, of `X-ASSET-URI` and `X-ASSET-LIST`.
        var assetURI: Int?
        var assetList: Int?
        var resumeOffset: MediaDuration?
        var playoutLimit: MediaDuration?
        var snap: Interstitial.Snap = []
        var restrictions: Interstitial.Restrictions = []
        var contentMayVary = true
        var timelineOccupies = Interstitial.TimelineOccupancy.point
        var timelineStyle = Interstitial.TimelineStyle.highlight
        var cue: DateRange.Cue = []
        var skipOffset: MediaDuration?
        var skipDuration: MediaDuration?
        /// Where `X-SKIP-CONTROL-DURATION` (valid or not) and `X-SKIP-CONTROL-LABEL-ID` are.
        var skipDurationIndex: Int?
        var skipLabel: Int?

        /// Types attribute `index`, which is of `kind` and the `ordinal`th own one.
        mutating func read(_ kind: Interstitial.Own, _ list: AttributeList, _ index: Int, ordinal: Int,
                           _ problems: inout [AttributeProblem]) {
            switch kind {
            case .assetURI:
                Interstitial.noteUnquoted(list, index, &problems)
                assetURI = ordinal
            case .assetList:
                Interstitial.noteUnquoted(list, index, &problems)
                assetList = ordinal
            case .resumeOffset: resumeOffset = Interstitial.seconds(list, index, positive: false, &problems)
            case .playoutLimit: playoutLimit = Interstitial.seconds(list, index, positive: true, &problems)
            case .snap: snap = Interstitial.Snap(rawValue: Interstitial.flags(list, index, .snap, &problems))
            case .restrict: restrictions = Interstitial.Restrictions(rawValue: Interstitial.flags(list, index, .restrict, &problems))
            case .contentMayVary:
                Interstitial.noteUnquoted(list, index, &problems)
                if list.value(at: index, is: "YES") {
                    contentMayVary = true
                } else if list.value(at: index, is: "NO") {
                    contentMayVary = false
                } else {
                    problems.append(AttributeProblem(list.name(at: index), "must be YES or NO, not \(Echo.quoted(list.value(at: index))); YES applies"))
                }
            case .timelineOccupies: timelineOccupies = Interstitial.choice(list, index, default: Interstitial.TimelineOccupancy.point, &problems)
            case .timelineStyle: timelineStyle = Interstitial.choice(list, index, default: Interstitial.TimelineStyle.highlight, &problems)
            case .skipOffset: skipOffset = Interstitial.seconds(list, index, positive: false, &problems)
            case .skipDuration:
                skipDuration = Interstitial.seconds(list, index, positive: false, &problems)
                skipDurationIndex = index
            case .skipLabel:
                Interstitial.noteUnquoted(list, index, &problems)
                skipLabel = index
            // CUE is the date range's; its problems are the range's (``DateRange/problems``).
            case .cue: cue = DateRange.Cue.read(list.value(at: index)).cue
            case .other, .notOwn: break
            }
        }
    }
}

extension Interstitial {
    /// The attributes an interstitial types, told by their names' bytes;
    /// `other` is any other `X-` attribute, `notOwn` one of the date range's.
    enum Own: UInt8 {
        case assetURI, assetList, resumeOffset, playoutLimit, snap, restrict, contentMayVary
        case timelineOccupies, timelineStyle, skipOffset, skipDuration, skipLabel, cue, other, notOwn

        /// A bit of its own, for noting which were seen.
        var bit: UInt16 { 1 << UInt16(rawValue) }

        init(_ name: UnsafeBufferPointer<UInt8>) {
            @inline(__always) func `is`(_ wanted: StaticString) -> Bool { Bytes.isName(name, wanted) }
            guard name.count >= 2, name[0] == UInt8(ascii: "X"), name[1] == UInt8(ascii: "-") else {
                self = name.count == 3 && `is`("CUE") ? .cue : .notOwn
                return
            }
            // The length first, so a name's bytes are compared with at most two others.
            switch name.count {
            case 6 where `is`("X-SNAP"): self = .snap
            case 10 where `is`("X-RESTRICT"): self = .restrict
            case 11 where `is`("X-ASSET-URI"): self = .assetURI
            case 12 where `is`("X-ASSET-LIST"): self = .assetList
            case 15 where `is`("X-RESUME-OFFSET"): self = .resumeOffset
            case 15 where `is`("X-PLAYOUT-LIMIT"): self = .playoutLimit
            case 16 where `is`("X-TIMELINE-STYLE"): self = .timelineStyle
            case 18 where `is`("X-CONTENT-MAY-VARY"): self = .contentMayVary
            case 19 where `is`("X-TIMELINE-OCCUPIES"): self = .timelineOccupies
            case 21 where `is`("X-SKIP-CONTROL-OFFSET"): self = .skipOffset
            case 23 where `is`("X-SKIP-CONTROL-DURATION"): self = .skipDuration
            case 23 where `is`("X-SKIP-CONTROL-LABEL-ID"): self = .skipLabel
            default: self = .other
            }
        }
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

    fileprivate static func choice<Value: RawRepresentable & CaseIterable>(
        _ list: AttributeList, _ index: Int, default value: Value, _ problems: inout [AttributeProblem]
    ) -> Value where Value.RawValue == String {
        noteUnquoted(list, index, &problems)
        let chosen = list.withValue(at: index) { bytes in Value.allCases.first { $0.rawValue.utf8.elementsEqual(bytes) } }
        if let chosen { return chosen }
        let allowed = Value.allCases.map(\.rawValue).joined(separator: " or ")
        problems.append(AttributeProblem(list.name(at: index), "must be \(allowed), not \(Echo.quoted(list.value(at: index))); \(value.rawValue) applies"))
        return value
    }

    /// The identifiers of an enumerated-string-list: `X-SNAP`'s, as bits of
    /// ``Snap``, or `X-RESTRICT`'s, as bits of ``Restrictions``.
    fileprivate enum TokenBits {
        case snap, restrict

        /// Their names, for a problem.
        var names: String {
            switch self {
            case .snap: "OUT, IN"
            case .restrict: "SKIP, JUMP"
            }
        }

        /// The bits of a whole value written the usual way (the known
        /// identifiers, comma-separated, no spaces, each once), told by a
        /// compare or two; nil for any other value, which is read token by token.
        func usualBits(_ value: UnsafeBufferPointer<UInt8>) -> UInt8? {
            switch (self, value.count) {
            case (.snap, 2): Bytes.isName(value, "IN") ? 2 : nil
            case (.snap, 3): Bytes.isName(value, "OUT") ? 1 : nil
            case (.snap, 6): Bytes.isName(value, "OUT,IN") || Bytes.isName(value, "IN,OUT") ? 3 : nil
            case (.restrict, 4): Bytes.isName(value, "SKIP") ? 1 : Bytes.isName(value, "JUMP") ? 2 : nil
            case (.restrict, 9): Bytes.isName(value, "SKIP,JUMP") || Bytes.isName(value, "JUMP,SKIP") ? 3 : nil
            default: nil
            }
        }

        /// The bit of `token`, or nil when it is not one of them.
        func bit(_ token: UnsafeBufferPointer<UInt8>) -> UInt8? {
            switch self {
            case .snap: Bytes.isName(token, "OUT") ? 1 : Bytes.isName(token, "IN") ? 2 : nil
            case .restrict: Bytes.isName(token, "SKIP") ? 1 : Bytes.isName(token, "JUMP") ? 2 : nil
            }
        }
    }

    /// An enumerated-string-list as bits; an unknown item is a problem. Read
    /// over the bytes: no string is made for a known item.
    fileprivate static func flags(_ list: AttributeList, _ index: Int, _ known: TokenBits, _ problems: inout [AttributeProblem]) -> UInt8 {
        noteUnquoted(list, index, &problems)
        var bits: UInt8 = 0
        list.withValue(at: index) { bytes in
            if let usual = known.usualBits(bytes) {
                bits = usual
                return
            }
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                var low = start
                var high = end
                while low < high, bytes[low] == UInt8(ascii: " ") { low += 1 }
                while high > low, bytes[high - 1] == UInt8(ascii: " ") { high -= 1 }
                let token = UnsafeBufferPointer(rebasing: bytes[low..<high])
                if let bit = known.bit(token) {
                    bits |= bit
                } else if !token.isEmpty {
                    let item = String(decoding: token, as: UTF8.self)
                    problems.append(AttributeProblem(list.name(at: index), "has \(Echo.quoted(item)), which is not one of \(known.names); it is ignored"))
                }
                start = end + 1
            }
        }
        return bits
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
