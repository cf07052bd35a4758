internal import TextEcho
internal import MediaTime
internal import StrictJSON

extension TrackingParser {
    /// One linear ad: its place, its beacons (a `clickThrough` event is the
    /// landing page, kept apart), skip offset, companions and verifications.
    static func ad(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedAd {
        try value.requireObject()
        var ad = TrackedAd(
            id: try value.required("adId").identifier(), start: StreamTime(ticks: try start(of: value).ticks),
            duration: try duration(of: value))
        ad.programDateTime = try value["adProgramDateTime"]?.date()
        ad.title = try value["adTitle"]?.identifier()
        ad.system = try value["adSystem"]?.identifier()
        ad.creativeID = try nonEmpty(value["creativeId"]?.identifier())
        ad.creativeSequence = try nonEmpty(value["creativeSequence"]?.identifier())
        ad.vastAdID = try nonEmpty(value["vastAdId"]?.identifier())
        if let skip = value["skipOffset"] { ad.skipOffset = try skipOffset(skip) }
        for event in try list(value["trackingEvents"], event) {
            if event.type == "clickThrough" {
                ad.clickThrough = ad.clickThrough ?? event.beaconURLs.first
            } else {
                ad.events.append(event)
            }
        }
        ad.companions = try list(value["companionAds"], companion)
        ad.verifications = try list(value["adVerifications"], verification)
        return ad
    }

    private static func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

    /// VAST's skipoffset: `HH:MM:SS[.mmm]` or `n%` (an empty string: not skippable).
    static func skipOffset(_ value: JSONPathValue) throws(TrackingDataError) -> SkipOffset? {
        if case .number = value.node.value { return .time(try value.seconds()) }
        let text = try value.string()
        if text.isEmpty { return nil }
        if text.hasSuffix("%") {
            guard let percent = Int(text.dropLast()), (0...100).contains(percent) else {
                throw value.failure("expected a percentage from 0% to 100%, got \(Echo.quoted(text))")
            }
            return .percent(percent)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int64(parts[0]), let minutes = Int64(parts[1]), hours >= 0, (0..<60).contains(minutes),
              let seconds = try? MediaDuration(decimalSeconds: parts[2]), seconds >= .zero, seconds < MediaDuration(seconds: 60),
              hours < 1_000
        else { throw value.failure("expected HH:MM:SS[.mmm] or n%, got \(Echo.quoted(text))") }
        return .time(MediaDuration(seconds: hours * 3_600 + minutes * 60) + seconds)
    }

    private static func companion(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedCompanion {
        try value.requireObject()
        var companion = TrackedCompanion()
        let attributes = value["attributes"]
        companion.id = try nonEmpty((attributes?["id"] ?? value["adSlotId"])?.identifier())
        companion.width = try (attributes?["width"] ?? value["width"]).map { width throws(TrackingDataError) in Int(clamping: try width.integer()) }
        companion.height = try (attributes?["height"] ?? value["height"]).map { height throws(TrackingDataError) in Int(clamping: try height.integer()) }
        companion.resource = try resource(of: value)
        companion.clickThrough = try nonEmpty(value["companionClickThrough"]?.string())
        companion.events = try list(value["trackingEvents"], looseEvent)
        if let tracking = try nonEmpty(value["companionClickTracking"]?.string()) {
            companion.events.append(TrackedEvent(type: "clickTracking", beaconURLs: [tracking]))
        }
        return companion
    }

    private static func verification(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedVerification {
        try value.requireObject()
        var verification = TrackedVerification()
        verification.vendor = try nonEmpty(value["vendor"]?.string())
        verification.scripts = try list(value["javaScriptResource"]) { script throws(TrackingDataError) in
            if case .string(let uri) = script.node.value { return uri }
            return try script.required("uri").string()
        }
        verification.parameters = try nonEmpty(value["verificationParameters"]?.string())
        verification.events = try list(value["trackingEvents"], looseEvent)
        return verification
    }

    /// A VAST-style `{"event", "uri"}` beacon (companions, verifications),
    /// or one in the avail schema.
    private static func looseEvent(_ value: JSONPathValue) throws(TrackingDataError) -> TrackedEvent {
        try value.requireObject()
        if value["eventType"] != nil { return try event(value) }
        let type = try value.required("event").string()
        let uri = try value.required("uri").string()
        return TrackedEvent(type: type, beaconURLs: [uri])
    }

    private static func resource(of value: JSONPathValue) throws(TrackingDataError) -> String? {
        for key in ["staticResource", "iFrameResource", "htmlResource"] {
            if let text = try nonEmpty(value[key]?.string()) { return text }
        }
        return nil
    }

    static func nonLinearGroup(_ value: JSONPathValue) throws(TrackingDataError) -> NonLinearAdGroup {
        try value.requireObject()
        let ads = try list(value["nonLinearAdList"]) { ad throws(TrackingDataError) in
            try ad.requireObject()
            var overlay = NonLinearAd(duration: try duration(of: ad))
            overlay.id = try nonEmpty(ad["adId"]?.identifier())
            overlay.creativeID = try nonEmpty(ad["creativeId"]?.identifier())
            overlay.title = try nonEmpty(ad["adTitle"]?.identifier())
            overlay.resource = try resource(of: ad)
            overlay.width = try ad["width"].map { width throws(TrackingDataError) in Int(clamping: try width.integer()) }
            overlay.height = try ad["height"].map { height throws(TrackingDataError) in Int(clamping: try height.integer()) }
            return overlay
        }
        return NonLinearAdGroup(ads: ads, events: try list(value["trackingEvents"], event))
    }
}
