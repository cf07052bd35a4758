internal import TextEcho
internal import MediaTime
internal import SCTE35

/// The ad-signal dialects: each tag becomes an ``AdSignal`` at the start of
/// the segment it precedes; a vendor tag that does not follow its dialect is a
/// warning, never a failed parse.
extension MediaParser {
    mutating func cueOut(_ start: Int, _ end: Int, colon: Int, line: Int) {
        var duration: MediaDuration?
        let value = colon < end ? string(start, end) : nil
        if start < end, colon < end {
            if Bytes.find(UInt8(ascii: "="), base, start, end) < end {
                if let range = valueRange(of: "DURATION", start, end) {
                    duration = Numbers.ticks(text, range).map(MediaDuration.init(ticks:))
                    if duration == nil { warn(line, "#EXT-X-CUE-OUT", "DURATION is not a number: \(echo(range.lowerBound, range.upperBound))") }
                }
            } else if let ticks = Numbers.ticks(text, start..<end) {
                duration = MediaDuration(ticks: ticks)
            } else {
                warn(line, "#EXT-X-CUE-OUT", "expected a duration, not \(echo(start, end))")
            }
        }
        addSignal("#EXT-X-CUE-OUT", .cueOut(duration: duration, value: value), line: line, payload: nil)
    }

    mutating func cueOutContinued(_ start: Int, _ end: Int, colon: Int, line: Int) throws(HLSError) {
        let tag = "#EXT-X-CUE-OUT-CONT"
        var elapsed: MediaDuration?
        var duration: MediaDuration?
        var payload: Range<Int>?
        let slash = Bytes.find(UInt8(ascii: "/"), base, start, end)
        if start < end, Bytes.find(UInt8(ascii: "="), base, start, end) == end, slash < end {
            elapsed = Numbers.ticks(text, start..<slash).map(MediaDuration.init(ticks:))
            duration = Numbers.ticks(text, slash + 1..<end).map(MediaDuration.init(ticks:))
            if elapsed == nil || duration == nil { warn(line, tag, "expected elapsed/duration, not \(echo(start, end))") }
        } else if start < end {
            let values = continuationValues(start, end)
            if let range = values.elapsedTime ?? values.elapsed {
                elapsed = seconds(range, name: "ElapsedTime", line: line, tag: tag)
            }
            if let range = values.duration {
                duration = seconds(range, name: "Duration", line: line, tag: tag)
            }
            payload = values.scte35
        }
        addSignal(tag, .cueOutContinued(elapsed: elapsed, duration: duration, value: colon < end ? string(start, end) : nil),
                  line: line, payload: payload)
    }

    /// Envivio's continuation, `#EXT-X-CUE-SPAN:TIMEFROMSIGNAL=PT10S,ID=…`:
    /// the time since the cue-out as an ISO 8601 duration.
    mutating func cueSpan(_ start: Int, _ end: Int, colon: Int, line: Int) {
        let tag = "#EXT-X-CUE-SPAN"
        var elapsed: MediaDuration?
        if let range = valueRange(of: "TIMEFROMSIGNAL", start, end) {
            elapsed = Numbers.isoDurationTicks(text, range).map(MediaDuration.init(ticks:))
            if elapsed == nil {
                warn(line, tag, "TIMEFROMSIGNAL is not an ISO 8601 duration: \(string(range.lowerBound, range.upperBound))")
            }
        }
        addSignal(tag, .cueOutContinued(elapsed: elapsed, duration: nil, value: colon < end ? string(start, end) : nil),
                  line: line, payload: nil)
    }

    mutating func asset(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        let attributes = lenientAttributes(start, end, line: line, tag: "#EXT-X-ASSET")
        addSignal("#EXT-X-ASSET", .asset(attributes: attributes), line: line, payload: nil)
    }

    mutating func scte35Tag(_ list: AttributeList, line: Int) throws(HLSError) {
        let tag = "#EXT-X-SCTE35"
        func duration(_ name: String) -> MediaDuration? {
            guard let attribute = list[name] else { return nil }
            return seconds(attribute, line: line, tag: tag)
        }
        let value = SCTE35Tag(
            cue: list["CUE"]?.value, cueOut: list["CUE-OUT"]?.value, cueIn: list["CUE-IN"]?.value == "YES",
            elapsed: duration("ELAPSED"), duration: duration("DURATION"), id: list["ID"]?.value, time: duration("TIME"),
            attributes: list.attributes)
        var cue: DecodedCue?
        if var text = value.cue {
            cue = text.withUTF8 { decoded(state.cache.decode(text: $0), line: line, tag: tag) }
        }
        let kind = AdSignal.Kind.scte35(value)
        playlist.signals.append(AdSignal(tag: tag, kind: kind, time: StreamTime(ticks: state.time),
                                         mediaSequence: state.mediaSequence, line: line, cue: cue, endTime: nil,
                                         role: SignalRoles.role(of: kind, cue: cue)))
    }

    mutating func dateRange(_ list: AttributeList, line: Int) throws(HLSError) {
        // The checks read the typed values while they are a local, before
        // the range is boxed: none of them retains anything.
        let (values, knownClass) = try DateRange.values(reading: list)
        let isInterstitial = knownClass == .interstitial
        let isAdSignal = isInterstitial || values.scte35Out != nil || values.scte35In != nil || values.scte35Command != nil
        // HLS lets a later tag with the same ID add attributes to a range
        // (RFC 8216bis §4.4.5.1): DURATION once the break has ended, say. Such
        // a tag without START-DATE starts where the range did.
        let knownAdRange: Bool
        let key = RangeID(values.id)
        var startDate = values.startDate
        if isAdSignal {
            let noted = state.opportunities.ranges.noteAdRange(key, startDate: startDate)
            knownAdRange = noted.known
            if startDate == nil { startDate = noted.startDate }
        } else {
            knownAdRange = state.opportunities.ranges.isAdRange(key)
            if startDate == nil, knownAdRange { startDate = state.opportunities.ranges.startDate(of: key) }
        }
        if startDate == nil, values.cue.isEmpty {
            warn(line, "#EXT-X-DATERANGE", "no START-DATE; the range is placed where the tag is")
        }
        if !values.problems.isEmpty { warn(line, "#EXT-X-DATERANGE", values.problems) }
        if knownClass == .preload, !values.attributes.attributes.contains(where: { $0.name == "X-URI" }) {
            warn(line, "#EXT-X-DATERANGE", AttributeProblem("X-URI", "is required in a com.apple.hls.preload range; it preloads nothing"))
        }
        let interstitial = isInterstitial ? interstitialValues(list, firstTag: !knownAdRange, line: line) : nil
        let followsAdRange = !isAdSignal && knownAdRange
        let signal = isAdSignal || followsAdRange
            ? adSignal(values, key: key, startDate: startDate, isInterstitial: isInterstitial, followsAdRange: followsAdRange,
                       repeatsID: knownAdRange, line: line)
            : nil
        let range = DateRange(values, startDate: startDate, interstitial: interstitial, knownClass)
        playlist.dateRanges.append(range)
        if signal == nil || options.subscribesToDateRanges { appendMetadata(range, list, line: line) }
        guard let signal else { return }
        pending.taggedRanges = true
        // Built in the append, so the signal is moved into the window rather than copied.
        playlist.signals.append(AdSignal(tag: "#EXT-X-DATERANGE", kind: .dateRange(range), time: StreamTime(ticks: state.time),
                                         mediaSequence: state.mediaSequence, line: line, cue: signal.cue, endTime: nil,
                                         role: signal.role, range: signal.facts))
    }

    /// What an ad range (or a later tag of one) signals: its decoded cue,
    /// its role and the facts the opportunity builder reads.
    private mutating func adSignal(_ values: borrowing DateRange.Values, key: RangeID, startDate: ProgramDateTime?,
                                   isInterstitial: Bool, followsAdRange: Bool, repeatsID: Bool, line: Int)
        -> (cue: DecodedCue?, role: AdSignal.Role, facts: AdSignal.RangeFacts) {
        var length = values.duration
        if let endDate = values.endDate, let start = startDate {
            length = MediaDuration(ticks: endDate.ticksSinceEpoch - start.ticksSinceEpoch)
        }
        var cue: DecodedCue?
        if let bytes = values.scte35Out ?? values.scte35In ?? values.scte35Command {
            cue = decoded(state.cache.decode(bytes), line: line, tag: "#EXT-X-DATERANGE")
        }
        let role = followsAdRange ? SignalRoles.role(ofFollowUpLasting: length) : SignalRoles.role(of: values, isInterstitial: isInterstitial, cue: cue)
        let facts = AdSignal.RangeFacts(idHash: key.hash, startDate: startDate, endDate: values.endDate, duration: values.duration,
                                        plannedDuration: values.plannedDuration ?? values.duration, length: length,
                                        pre: values.cue.contains(.pre), post: values.cue.contains(.post),
                                        isInterstitial: isInterstitial,
                                        marksEnd: SignalRoles.marksEnd(values, isInterstitial: isInterstitial, cue: cue, role: role),
                                        repeatsID: repeatsID)
        return (cue, role, facts)
    }

    /// Every date range that is not an ad signal is timed metadata; an ad
    /// one is too when the tag is subscribed. Either way it is placed at
    /// its START-DATE once the playlist's dates are known.
    private mutating func appendMetadata(_ range: DateRange, _ list: AttributeList, line: Int) {
        dateRangeMetadata.append((playlist.metadata.count, range))
        playlist.metadata.append(SubscribedTag(
            name: "#EXT-X-DATERANGE", value: list.text,
            time: StreamTime(ticks: state.time), mediaSequence: state.mediaSequence, line: line))
    }

    /// The values of the interstitial `list` schedules, read beside the
    /// range's, with a warning for each of their problems.
    private mutating func interstitialValues(_ list: AttributeList, firstTag: Bool, line: Int) -> Interstitial.Values {
        let values = Interstitial.Values.reading(list)
        if !values.problems.isEmpty { warn(line, "#EXT-X-DATERANGE", values.problems) }
        // A later tag of the same ID may leave the asset to the first.
        if firstTag, let missing = values.missingAsset { warn(line, "#EXT-X-DATERANGE", missing) }
        return values
    }

    /// A warning for each of `problems`, at `line`.
    @inline(never)
    private mutating func warn(_ line: Int, _ tag: String, _ problems: [AttributeProblem]) {
        for problem in problems { warn(line, tag, problem) }
    }

    mutating func addSignal(_ tag: String, _ kind: AdSignal.Kind, line: Int, payload: Range<Int>?) {
        var cue: DecodedCue?
        if let payload {
            var range = payload
            if range.count >= 2, base[range.lowerBound] == UInt8(ascii: "\""), base[range.upperBound - 1] == UInt8(ascii: "\"") {
                range = range.lowerBound + 1..<range.upperBound - 1
            }
            if range.isEmpty {
                warn(line, tag, "an empty SCTE-35 payload")
            } else {
                cue = decoded(state.cache.decode(text: UnsafeBufferPointer(rebasing: text[range])), line: line, tag: tag)
            }
        }
        // Built in the append, so the signal is moved into the window rather than copied.
        playlist.signals.append(AdSignal(tag: tag, kind: kind, time: StreamTime(ticks: state.time),
                                         mediaSequence: state.mediaSequence, line: line, cue: cue, endTime: nil,
                                         role: SignalRoles.role(of: kind, cue: cue)))
    }

    // MARK: - Helpers

    private mutating func decoded(_ entry: SCTE35Cache.Entry, line: Int, tag: String) -> DecodedCue? {
        switch entry {
        case .decoded(let cue):
            for warning in cue.info.warnings { warn(line, tag, "SCTE-35: \(warning)") }
            return cue
        case .failed(let error):
            warn(line, tag, "the SCTE-35 payload does not decode: \(error)")
            return nil
        }
    }

    private mutating func lenientAttributes(_ start: Int, _ end: Int, line: Int, tag: String) -> [Attribute] {
        do {
            return try attributes(start, end, line: line, tag: tag).attributes
        } catch {
            warn(line, tag, error.message)
            return []
        }
    }

    private mutating func seconds(_ attribute: Attribute, line: Int, tag: String) -> MediaDuration? {
        guard let ticks = Numbers.ticks(attribute.value) else {
            warn(line, tag, "\(attribute.name) is not a number: \(attribute.value)")
            return nil
        }
        return MediaDuration(ticks: ticks)
    }

    /// The values ``valueRange(of:_:_:)`` finds for `ELAPSEDTIME`, `ELAPSED`,
    /// `DURATION` and `SCTE35`, found in one pass over the attributes.
    private func continuationValues(_ start: Int, _ end: Int)
        -> (elapsedTime: Range<Int>?, elapsed: Range<Int>?, duration: Range<Int>?, scte35: Range<Int>?) {
        var found: (elapsedTime: Range<Int>?, elapsed: Range<Int>?, duration: Range<Int>?, scte35: Range<Int>?)
        var index = start
        while index < end {
            let next = Bytes.find(UInt8(ascii: ","), base, index, end)
            let equals = Bytes.find(UInt8(ascii: "="), base, index, next)
            if equals < next {
                let value = equals + 1..<next
                switch equals - index {
                case 11 where found.elapsedTime == nil && named("ELAPSEDTIME", at: index): found.elapsedTime = value
                case 7 where found.elapsed == nil && named("ELAPSED", at: index): found.elapsed = value
                case 8 where found.duration == nil && named("DURATION", at: index): found.duration = value
                case 6 where found.scte35 == nil && named("SCTE35", at: index): found.scte35 = value
                default: break
                }
            }
            index = next + 1
        }
        return found
    }

    /// Whether the bytes at `index` are `name`, without regard to case.
    private func named(_ name: StaticString, at index: Int) -> Bool {
        let key = name.utf8Start
        for offset in 0..<name.utf8CodeUnitCount where base[index + offset] & 0xDF != key[offset] & 0xDF { return false }
        return true
    }

    /// The bytes of the value of `name=` (matched without regard to case: vendors
    /// write `ElapsedTime`, `Duration`), running to the next `,` (base64 may hold `=`).
    func valueRange(of name: StaticString, _ start: Int, _ end: Int) -> Range<Int>? {
        let length = name.utf8CodeUnitCount
        var index = start
        while index + length < end {
            if index == start || base[index - 1] == UInt8(ascii: ","), base[index + length] == UInt8(ascii: "="),
               named(name, at: index) {
                let valueStart = index + length + 1
                return valueStart..<Bytes.find(UInt8(ascii: ","), base, valueStart, end)
            }
            index = Bytes.find(UInt8(ascii: ","), base, index, end) + 1
        }
        return nil
    }

    private mutating func seconds(_ range: Range<Int>, name: String, line: Int, tag: String) -> MediaDuration? {
        guard let ticks = Numbers.ticks(text, range) else {
            warn(line, tag, "\(name) is not a number: \(string(range.lowerBound, range.upperBound))")
            return nil
        }
        return MediaDuration(ticks: ticks)
    }

    mutating func warn(_ line: Int, _ tag: String?, _ message: String) {
        playlist.warnings.append(HLSWarning(line: line, tag: tag, message))
    }

    mutating func warn(_ line: Int, _ tag: String, _ problem: AttributeProblem) {
        playlist.warnings.append(HLSWarning(line: line, tag: tag, problem))
    }
}
