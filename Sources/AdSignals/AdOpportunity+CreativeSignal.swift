public import HLS
public import MediaTime
public import SSAITracking

extension AdOpportunity {
    /// The opportunity SVTA 2053-2 creative signalling describes in
    /// `playlist`: ads stitched into the stream from its START-DATE (mapped
    /// through PROGRAM-DATE-TIME), known with their tracking, so it is a
    /// tracked avail (``OpportunitySignal/tracked(_:)``) that needs no
    /// resolution. Its slots play back to back from the first one's start;
    /// relative beacon URLs resolve against `playlistURL`. Nil when its
    /// date has no place in the playlist or it has no slot.
    public init?(_ signal: CreativeSignal, in playlist: MediaPlaylist, playlistURL: String?) {
        guard let date = signal.startDate, let anchor = playlist.streamTime(of: date),
              let avail = TrackedAvails.avail(signal, at: anchor, playlistURL: playlistURL) else { return nil }
        self.init(avail: avail, position: .stream(avail.start))
    }
}

extension TrackedAvails {
    /// The avail `signal` describes, its range's START-DATE being `anchor`
    /// on the stream: one ad per slot, each with its tracking; a pod's
    /// `podStart` and `podEnd` are the avail's `breakStart` and `breakEnd`.
    public static func avail(_ signal: CreativeSignal, at anchor: StreamTime, playlistURL: String?) -> TrackedAvail? {
        guard let first = signal.slots.first else { return nil }
        func events(_ tracking: [CreativeSignal.Tracking], from start: StreamTime) -> [TrackedEvent] {
            tracking.map { event in
                TrackedEvent(type: breakEventType(event.type), beaconURLs: event.urls.map { URLReference.resolve($0, against: playlistURL) },
                             start: event.offset.map { start + $0 })
            }
        }
        var ads: [TrackedAd] = []
        for (index, slot) in signal.slots.enumerated() {
            let start = anchor + slot.start
            var ad = TrackedAd(id: slot.identifiers.first?.value ?? "\(signal.id)/\(index + 1)", start: start, duration: slot.duration,
                               skipOffset: slot.skipOffset.map(SkipOffset.time), events: events(slot.tracking, from: start),
                               clickThrough: slot.clickThrough.map { URLReference.resolve($0, against: playlistURL) })
            ad.creativeID = slot.identifiers.first?.value
            ads.append(ad)
        }
        let start = anchor + first.start
        let length = ads.reduce(MediaDuration.zero) { $0 + $1.duration }
        let stated = signal.duration.map { $0 - first.start } ?? .zero
        var breakEvents: [TrackedEvent] = []
        for pod in signal.pods { breakEvents += events(pod.tracking, from: anchor + pod.start) }
        return TrackedAvail(id: signal.id, start: start, duration: max(length, stated), programDateTime: signal.startDate,
                            ads: ads, breakEvents: breakEvents)
    }

    /// SVTA's pod events by the names ad tracking fires them under.
    private static func breakEventType(_ type: String) -> String {
        switch type {
        case "podStart": "breakStart"
        case "podEnd": "breakEnd"
        default: type
        }
    }
}

/// RFC 3986 reference resolution, for the URLs a playlist carries.
enum URLReference {
    /// `reference` made absolute against `base`; as written when it has a
    /// scheme or there is no base.
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !hasScheme(reference), let schemeEnd = base.firstRange(of: "://") else { return reference }
        let scheme = base[..<schemeEnd.lowerBound]
        if reference.hasPrefix("//") { return scheme + ":" + reference }
        let afterScheme = base[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let origin = base[..<authorityEnd]
        if reference.hasPrefix("/") { return origin + removingDotSegments(reference) }
        var path = String(afterScheme[authorityEnd...].prefix { $0 != "?" && $0 != "#" })
        if reference.isEmpty { return base }
        if reference.hasPrefix("?") { return origin + path + reference }
        path = String(path[..<(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)])
        if path.isEmpty { path = "/" }
        return origin + removingDotSegments(path + reference)
    }

    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
            && text.first?.isLetter == true
    }

    /// The path with `.` and `..` segments taken out (the query kept as is).
    private static func removingDotSegments(_ reference: String) -> String {
        let queryStart = reference.firstIndex { $0 == "?" || $0 == "#" } ?? reference.endIndex
        var output: [Substring] = []
        let segments = reference[..<queryStart].split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": if index == segments.count - 1 { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if index == segments.count - 1 { output.append("") }
            default: output.append(segment)
            }
        }
        return output.joined(separator: "/") + reference[queryStart...]
    }
}
