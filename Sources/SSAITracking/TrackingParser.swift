internal import MediaTime
internal import StrictJSON

/// Reads the client-side tracking answers of an SSAI server (AWS
/// MediaTailor's documented schema, 2022 and current): avails, their ads,
/// tracking events, companions, verifications and overlays.
///
/// ```swift
/// let page = try TrackingParser.parse(body)
/// for avail in page.avails { print(avail.id, avail.start, avail.duration, avail.ads.count) }
/// ```
public enum TrackingParser {
    /// The largest answer read (8 MiB): a 3-hour window is far smaller.
    public static let maxBytes = 8 << 20

    /// Parses one tracking page.
    /// - Throws: ``TrackingDataError``: not JSON (with its line and column),
    ///   or a value of the wrong type or out of range (with its JSON path).
    public static func parse(_ bytes: [UInt8]) throws(TrackingDataError) -> TrackingResponse {
        guard bytes.count <= maxBytes else {
            throw TrackingDataError(path: "$", message: "the answer is \(bytes.count) bytes, more than the limit of \(maxBytes)")
        }
        let document = try JSONPathValue.document(bytes)
        var response = TrackingResponse()
        response.avails = try list(document["avails"]) { value throws(TrackingDataError) in try avail(value) }
        response.nonLinearAvails = try list(document["nonLinearAvails"]) { value throws(TrackingDataError) in try avail(value) }
        response.nextToken = try document["nextToken"]?.string()
        if response.nextToken?.isEmpty == true { response.nextToken = nil }
        response.anchorMediaSequence = try document["hlsAnchorMediaSequenceNumber"]?.integer()
        return response
    }

    static func list<T>(_ value: JSONPathValue?, _ read: (JSONPathValue) throws(TrackingDataError) -> T) throws(TrackingDataError) -> [T] {
        guard let value else { return [] }
        var items: [T] = []
        for element in try value.elements() { items.append(try read(element)) }
        return items
    }

    private static func avail(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedAvail {
        try value.requireObject()
        var avail = TrackedAvail(
            id: try value.required("availId").identifier(), start: StreamTime(ticks: try start(of: value).ticks),
            duration: try duration(of: value))
        avail.programDateTime = try value["availProgramDateTime"]?.date()
        avail.markerDuration = try value["adMarkerDuration"].map { marker throws(TrackingDataError) in
            if case .number = marker.node.value { return try marker.seconds() }
            return try marker.isoDuration()
        }
        avail.ads = try list(value["ads"]) { ad throws(TrackingDataError) in try TrackingParser.ad(ad) }
        avail.nonLinearAds = try list(value["nonLinearAdsList"]) { group throws(TrackingDataError) in try nonLinearGroup(group) }
        avail.breakEvents = try list(value["adBreakTrackingEvents"]) { event throws(TrackingDataError) in try TrackingParser.event(event) }
        return avail
    }

    /// `startTimeInSeconds`, else `startTime`; an avail or ad without
    /// either has no place and is an error.
    static func start(of value: JSONPathValue) throws(TrackingDataError) -> MediaDuration {
        if let seconds = value["startTimeInSeconds"] { return try seconds.seconds() }
        if let iso = value["startTime"] { return try iso.isoDuration() }
        throw value.failure("missing \"startTimeInSeconds\"")
    }

    /// `durationInSeconds`, else `duration`, else 0 (not known yet).
    static func duration(of value: JSONPathValue) throws(TrackingDataError) -> MediaDuration {
        if let seconds = value["durationInSeconds"] { return try seconds.seconds() }
        if let iso = value["duration"] { return try iso.isoDuration() }
        return .zero
    }

    static func event(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedEvent {
        try value.requireObject()
        let type = try value.required("eventType").string()
        let urls = try list(value["beaconUrls"]) { url throws(TrackingDataError) in try url.string() }
        var start: StreamTime?
        if value["startTimeInSeconds"] != nil || value["startTime"] != nil {
            start = StreamTime(ticks: try TrackingParser.start(of: value).ticks)
        }
        return TrackedEvent(type: type, beaconURLs: urls, start: start, eventID: try value["eventId"]?.identifier())
    }
}
