internal import MediaTime
internal import SCTE35

/// The ad-signal dialects: each tag becomes an ``AdSignal`` at the start of
/// the segment it precedes; a vendor tag that does not follow its dialect is a
/// warning, never a failed parse.
extension MediaParser {
    mutating func cueOut(_ start: Int, _ end: Int, colon: Int, line: Int) {
        var duration: MediaDuration?
        var attributes: [Attribute] = []
        if start < end, colon < end {
            if Bytes.find(UInt8(ascii: "="), base, start, end) < end {
                attributes = lenientAttributes(start, end, line: line, tag: "#EXT-X-CUE-OUT")
                if let value = attributes.first(where: { $0.name.uppercased() == "DURATION" })?.value {
                    duration = Numbers.ticks(value).map(MediaDuration.init(ticks:))
                    if duration == nil { warn(line, "#EXT-X-CUE-OUT", "DURATION is not a number: \(value)") }
                }
            } else if let ticks = Numbers.ticks(text, start..<end) {
                duration = MediaDuration(ticks: ticks)
            } else {
                warn(line, "#EXT-X-CUE-OUT", "expected a duration, not \"\(string(start, end))\"")
            }
        }
        addSignal("#EXT-X-CUE-OUT", .cueOut(duration: duration, attributes: attributes), line: line, payload: nil)
    }

    mutating func cueOutContinued(_ start: Int, _ end: Int, colon: Int, line: Int) throws(HLSError) {
        let tag = "#EXT-X-CUE-OUT-CONT"
        var elapsed: MediaDuration?
        var duration: MediaDuration?
        var attributes: [Attribute] = []
        var payload: Range<Int>?
        let slash = Bytes.find(UInt8(ascii: "/"), base, start, end)
        if start < end, Bytes.find(UInt8(ascii: "="), base, start, end) == end, slash < end {
            elapsed = Numbers.ticks(text, start..<slash).map(MediaDuration.init(ticks:))
            duration = Numbers.ticks(text, slash + 1..<end).map(MediaDuration.init(ticks:))
            if elapsed == nil || duration == nil { warn(line, tag, "expected elapsed/duration, not \"\(string(start, end))\"") }
        } else if start < end {
            attributes = lenientAttributes(start, end, line: line, tag: tag)
            for attribute in attributes {
                switch attribute.name.uppercased() {
                case "ELAPSEDTIME", "ELAPSED": elapsed = seconds(attribute, line: line, tag: tag)
                case "DURATION": duration = seconds(attribute, line: line, tag: tag)
                default: break
                }
            }
            if attributes.contains(where: { $0.name.uppercased() == "SCTE35" }) {
                payload = valueRange(of: "SCTE35", start, end)
            }
        }
        addSignal(tag, .cueOutContinued(elapsed: elapsed, duration: duration, attributes: attributes),
                  line: line, payload: payload)
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
        var signal = AdSignal(tag: tag, kind: .scte35(value), time: StreamTime(ticks: state.time),
                              mediaSequence: state.mediaSequence, line: line, scte35: nil, endTime: nil)
        if var cue = value.cue {
            signal.scte35 = cue.withUTF8 { decoded(state.cache.decode(text: $0), line: line, tag: tag) }
        }
        newSignals.append(signal)
    }

    mutating func dateRange(_ list: AttributeList, line: Int) throws(HLSError) {
        let range = try DateRange(list)
        if range.startDate == nil, range.cue.isEmpty {
            warn(line, "#EXT-X-DATERANGE", "no START-DATE; the range is placed where the tag is")
        }
        for problem in range.problems { warn(line, "#EXT-X-DATERANGE", problem) }
        playlist.dateRanges.append(range)
        guard range.isAdSignal else {
            if !options.subscribedTags.contains("#EXT-X-DATERANGE") {
                dateRangeMetadata.append((playlist.metadata.count, range))
                playlist.metadata.append(TimedMetadata(
                    name: "#EXT-X-DATERANGE", value: list.attributes.map(\.text).joined(separator: ","),
                    time: StreamTime(ticks: state.time), mediaSequence: state.mediaSequence, line: line))
            }
            return
        }
        var signal = AdSignal(tag: "#EXT-X-DATERANGE", kind: .dateRange(range), time: StreamTime(ticks: state.time),
                              mediaSequence: state.mediaSequence, line: line, scte35: nil, endTime: nil)
        if let bytes = range.scte35Out ?? range.scte35In ?? range.scte35Command {
            signal.scte35 = decoded(state.cache.decode(bytes), line: line, tag: "#EXT-X-DATERANGE")
        }
        newSignals.append(signal)
    }

    mutating func addSignal(_ tag: String, _ kind: AdSignal.Kind, line: Int, payload: Range<Int>?) {
        var signal = AdSignal(tag: tag, kind: kind, time: StreamTime(ticks: state.time),
                              mediaSequence: state.mediaSequence, line: line, scte35: nil, endTime: nil)
        if let payload {
            var range = payload
            if range.count >= 2, base[range.lowerBound] == UInt8(ascii: "\""), base[range.upperBound - 1] == UInt8(ascii: "\"") {
                range = range.lowerBound + 1..<range.upperBound - 1
            }
            if range.isEmpty {
                warn(line, tag, "an empty SCTE-35 payload")
            } else {
                signal.scte35 = decoded(state.cache.decode(text: UnsafeBufferPointer(rebasing: text[range])), line: line, tag: tag)
            }
        }
        newSignals.append(signal)
    }

    // MARK: - Helpers

    private mutating func decoded(_ entry: SCTE35Cache.Entry, line: Int, tag: String) -> DecodedSpliceInfo? {
        switch entry {
        case .decoded(let info):
            for warning in info.warnings { warn(line, tag, "SCTE-35: \(warning)") }
            return info
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
        guard let ticks = Numbers.ticks(attribute.value, signed: true) else {
            warn(line, tag, "\(attribute.name) is not a number: \(attribute.value)")
            return nil
        }
        return MediaDuration(ticks: ticks)
    }

    /// The bytes of attribute `name`'s value (base64 may hold `=`; it runs to the next `,`).
    private func valueRange(of name: String, _ start: Int, _ end: Int) -> Range<Int>? {
        let key = Array((name + "=").utf8)
        var index = start
        while index + key.count <= end {
            let atStart = index == start || base[index - 1] == UInt8(ascii: ",")
            if atStart, key.withUnsafeBufferPointer({ Bytes.equal(base + index, $0.baseAddress!, key.count) }) {
                let valueStart = index + key.count
                return valueStart..<Bytes.find(UInt8(ascii: ","), base, valueStart, end)
            }
            index += 1
        }
        return nil
    }

    mutating func warn(_ line: Int, _ tag: String?, _ message: String) {
        playlist.warnings.append(HLSWarning(line: line, tag: tag, message))
    }
}
