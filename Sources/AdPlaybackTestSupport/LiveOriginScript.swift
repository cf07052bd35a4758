public import MediaTime
internal import SCTE35

/// A scripted live stream for tests: a sliding window of segments that
/// grows with time, ad breaks marked in any dialect (cues built with the
/// SCTE-35 encoder), and origin faults at chosen times. It answers "what
/// does the origin say at time t?", so the same script drives an in-memory
/// transport on a virtual clock and a loopback server.
///
/// ```swift
/// var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
/// script.breaks = [.init(at: 12, length: 5, dialect: .cueOut)]
/// script.faults = [.init(from: .init(seconds: 20), to: .init(seconds: 22), .status(500))]
/// let answer = script.answer(at: ClockTime(seconds: 15))
/// ```
public struct LiveOriginScript: Sendable {
    /// How an ad break is marked.
    public enum Dialect: Sendable, CaseIterable {
        /// `#EXT-X-CUE-OUT:d`, `#EXT-X-CUE-OUT-CONT:ElapsedTime=e,Duration=d`, `#EXT-X-CUE-IN`.
        case cueOut
        /// `#EXT-OATCLS-SCTE35` with a splice_insert out (with its duration), then one in.
        case oatcls
        /// `#EXT-X-SCTE35:CUE="…",CUE-OUT=YES`, then `CUE-IN=YES`.
        case scte35
        /// `#EXT-X-DATERANGE` with SCTE35-OUT and PLANNED-DURATION, then the
        /// same ID with SCTE35-IN and DURATION.
        case dateRange
    }

    /// One ad break: its first segment, its length in segments, its dialect.
    public struct Break: Sendable {
        /// The index of its first segment.
        public var at: Int
        /// How many segments it lasts.
        public var length: Int
        /// How the playlist marks it.
        public var dialect: Dialect
        /// Creates a break.
        public init(at: Int, length: Int, dialect: Dialect) {
            self.at = at
            self.length = length
            self.dialect = dialect
        }
    }

    /// What the origin does wrong, and when.
    public enum Misbehavior: Sendable, Hashable {
        /// Answers with this status and no body.
        case status(Int)
        /// Accepts the request and never answers.
        case stall
        /// Answers after this long.
        case slow(Duration)
        /// Answers 200 with this many bytes of junk.
        case oversized(bytes: Int)
        /// Answers 200 with text that is not a playlist.
        case garbage
        /// From now on the window is this many segments further on: the
        /// segments in between are never served.
        case jump(segments: Int)
        /// From now on the stream starts again at media sequence 0, with new URIs.
        case restart
        /// Serves the same window as at the fault's start (a stuck packager).
        case frozen
    }

    /// A misbehaviour during `from..<to` (`to` nil: from then on).
    public struct Fault: Sendable {
        /// When it starts.
        public var from: ClockTime
        /// When it stops; `nil`: never.
        public var to: ClockTime?
        /// What the origin does meanwhile.
        public var misbehavior: Misbehavior
        /// Creates a fault.
        public init(from: ClockTime, to: ClockTime? = nil, _ misbehavior: Misbehavior) {
            self.from = from
            self.to = to
            self.misbehavior = misbehavior
        }
    }

    /// What the origin answers.
    public enum Answer: Sendable, Hashable {
        /// The playlist's text.
        case playlist(String)
        /// This HTTP status and no body.
        case status(Int)
        /// No answer at all.
        case stall
        /// The playlist's text, after this long.
        case slow(Duration, String)
        /// This many bytes of junk.
        case bytes(Int)
    }

    /// Segment length.
    public var segmentMilliseconds: Int64
    /// Segments in the window.
    public var window: Int
    /// Ad breaks.
    public var breaks: [Break] = []
    /// Faults.
    public var faults: [Fault] = []
    /// Tag lines to put before a segment (subscribed-tag tests), by index.
    public var extraTags: [Int: [String]] = [:]
    /// After this many segments the playlist ends with ENDLIST.
    public var endAfter: Int?
    /// Seconds since the epoch of segment 0.
    public var startEpochSeconds: Int64 = 1_767_225_600

    /// Creates a script whose window holds `window` segments at time 0.
    public init(segmentMilliseconds: Int64, window: Int) {
        self.segmentMilliseconds = segmentMilliseconds
        self.window = window
    }

    /// The origin's answer at `time`.
    public func answer(at time: ClockTime) -> Answer {
        var jump = 0
        var restartedAt: ClockTime?
        var frozenAt: ClockTime?
        for fault in faults where fault.from <= time && fault.to.map({ time < $0 }) ?? true {
            switch fault.misbehavior {
            case .status(let code): return .status(code)
            case .stall: return .stall
            case .oversized(let bytes): return .bytes(bytes)
            case .garbage: return .playlist("this is not a playlist\n")
            case .slow(let delay): return .slow(delay, text(at: time, jump: jump, restartedAt: restartedAt))
            case .jump(let segments): jump += segments
            case .restart: restartedAt = fault.from
            case .frozen: frozenAt = fault.from
            }
        }
        return .playlist(text(at: frozenAt ?? time, jump: jump, restartedAt: restartedAt))
    }

    /// The segments published by `time`: the window at time 0, then one
    /// more each segment duration.
    public func published(at time: ClockTime) -> Int {
        window + Int(MediaDuration(ticks: time.ticks).ticks / MediaDuration(microseconds: segmentMilliseconds * 1_000).ticks)
    }

    private func text(at time: ClockTime, jump: Int, restartedAt: ClockTime?) -> String {
        var count = published(at: time) + jump
        var prefix = "s"
        if let restartedAt {
            count = published(at: ClockTime(ticks: time.ticks - restartedAt.ticks))
            prefix = "r"
        }
        if let endAfter { count = min(count, endAfter) }
        let first = max(0, count - window)
        let target = (segmentMilliseconds + 999) / 1_000
        var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for index in first..<count {
            text += "#EXT-X-PROGRAM-DATE-TIME:\(date(index))\n"
            for line in tags(before: index) { text += line + "\n" }
            text += "#EXTINF:\(seconds(milliseconds: segmentMilliseconds)),\n\(prefix)\(index).ts\n"
        }
        if let endAfter, count >= endAfter { text += "#EXT-X-ENDLIST\n" }
        return text
    }

    /// The tags before segment `index`.
    public func tags(before index: Int) -> [String] {
        var lines = extraTags[index] ?? []
        for adBreak in breaks where index >= adBreak.at && index <= adBreak.at + adBreak.length {
            lines += tags(of: adBreak, at: index - adBreak.at)
        }
        return lines
    }

    private func tags(of adBreak: Break, at phase: Int) -> [String] {
        let duration = seconds(milliseconds: segmentMilliseconds * Int64(adBreak.length))
        let isStart = phase == 0
        let isEnd = phase == adBreak.length
        switch adBreak.dialect {
        case .cueOut:
            if isStart { return ["#EXT-X-CUE-OUT:\(duration)"] }
            if isEnd { return ["#EXT-X-CUE-IN"] }
            return ["#EXT-X-CUE-OUT-CONT:ElapsedTime=\(seconds(milliseconds: segmentMilliseconds * Int64(phase))),Duration=\(duration)"]
        case .oatcls:
            guard isStart || isEnd else { return [] }
            return ["#EXT-OATCLS-SCTE35:\(PayloadText.base64(cue(adBreak, out: isStart)))"]
        case .scte35:
            guard isStart || isEnd else { return [] }
            let payload = PayloadText.base64(cue(adBreak, out: isStart))
            return [isStart ? "#EXT-X-SCTE35:CUE=\"\(payload)\",CUE-OUT=YES" : "#EXT-X-SCTE35:CUE=\"\(payload)\",CUE-IN=YES"]
        case .dateRange:
            guard isStart || isEnd else { return [] }
            let hex = "0x" + PayloadText.hex(cue(adBreak, out: isStart)).uppercased()
            let start = date(adBreak.at)
            return [isStart
                ? "#EXT-X-DATERANGE:ID=\"ad-\(adBreak.at)\",START-DATE=\"\(start)\",PLANNED-DURATION=\(duration),SCTE35-OUT=\(hex)"
                : "#EXT-X-DATERANGE:ID=\"ad-\(adBreak.at)\",START-DATE=\"\(start)\",DURATION=\(duration),SCTE35-IN=\(hex)"]
        }
    }

    /// The splice_insert that starts (`out`, with the break's duration) or ends a break.
    private func cue(_ adBreak: Break, out: Bool) -> [UInt8] {
        let ninety = UInt64(segmentMilliseconds) * 90
        let pts = UInt64(adBreak.at + (out ? 0 : adBreak.length)) * ninety % PTS.modulus
        let duration = BreakDuration(autoReturn: true, duration: PTS(ticks: UInt64(adBreak.length) * ninety))
        let splice = SpliceInsert.Splice(
            outOfNetwork: out, spliceImmediate: false, mode: .program(SpliceTime(ptsTime: PTS(ticks: pts))),
            breakDuration: out ? duration : nil, uniqueProgramID: 1, availNum: 0, availsExpected: 0)
        let insert = SpliceInsert(spliceEventID: UInt32(adBreak.at), splice: splice)
        return (try? SpliceInfoEncoder.encode(SpliceInfoSection(command: .spliceInsert(insert)))) ?? []
    }

    /// The PROGRAM-DATE-TIME of segment `index`.
    public func date(_ index: Int) -> String {
        ISODate.string(epochMilliseconds: startEpochSeconds * 1_000 + Int64(index) * segmentMilliseconds)
    }

    private func seconds(milliseconds: Int64) -> String {
        "\(milliseconds / 1_000).\(String(milliseconds % 1_000 + 1_000).dropFirst())"
    }
}

extension LiveOriginScript {
    /// Adds a blackout of event 7 ended by ``ProgramCue/blackoutEnds`` entry `signal`:
    /// its start, web delivery forbidden, as a DATERANGE `p7` before
    /// segment `from`, and its end before segment `to`, either in the form
    /// packagers write (`sameID`: the start's ID and START-DATE again,
    /// END-DATE, SCTE35-IN) or with an ID of its own (`p7-end`).
    public mutating func addBlackout(signal: Int, from: Int, to: Int, sameID: Bool) {
        let (startType, end) = ProgramCue.blackoutEnds[signal]
        let start = ProgramCue(type: startType, eventID: 7, webDeliveryAllowed: false)
        extraTags[from, default: []].append(
            start.dateRange(id: "p7", "SCTE35-OUT", "START-DATE=\"\(date(from))\",PLANNED-DURATION=3600"))
        extraTags[to, default: []].append(sameID
            ? end.dateRange(id: "p7", "SCTE35-IN", "START-DATE=\"\(date(from))\",END-DATE=\"\(date(to))\"")
            : end.dateRange(id: "p7-end", "SCTE35-IN", "START-DATE=\"\(date(to))\""))
    }
}
