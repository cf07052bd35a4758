public import AdTimeline
public import MediaTime
public import SSAITracking

extension AdOpportunity {
    /// The opportunity an avail of the tracking data is, at `position`
    /// (``TrackedAvails/positions(of:occupancy:)`` says where): its id,
    /// its length (its ads' while it states none), closed.
    public init(avail: TrackedAvail, position: OpportunityPosition) {
        self.init(id: avail.id, position: position, duration: TrackedAvails.length(of: avail), signal: .tracked(avail))
    }

    /// The break a tracked avail is, with its ads and their beacons, or
    /// `nil` when it has no time yet (a live answer with no durations) or is
    /// not tracked.
    ///
    /// The ads play back to back from the avail's start, in the tracking
    /// data's order; time of the avail no ad covers (yet) is one more ad,
    /// `<avail>/unfilled` (slate, or ads whose data has not arrived).
    /// The avail's `breakStart` and `breakEnd` beacons go with its first
    /// and last ad.
    public func trackedBreak(occupancy: Occupancy) -> AdBreak? {
        guard case .tracked(let avail) = signal else { return nil }
        var ads: [Ad] = []
        ads.reserveCapacity(avail.ads.count + 1)
        var covered = MediaDuration.zero
        for tracked in avail.ads where tracked.duration > .zero {
            var id = tracked.id.isEmpty ? "\(avail.id)/\(ads.count + 1)" : tracked.id
            // A handful of ads: a scan costs less than hashing.
            while ads.contains(where: { $0.id == id }) { id += "~" }
            ads.append(TrackedAvails.ad(tracked, id: id))
            covered += tracked.duration
        }
        let length = TrackedAvails.length(of: avail)
        if length > covered {
            ads.append(Ad(id: "\(avail.id)/unfilled", duration: length - covered))
        } else if covered > length, let last = ads.indices.last, ads[last].duration > covered - length {
            // Ads printed in rounded seconds may add up past the avail: it bounds them.
            ads[last].duration -= covered - length
        }
        guard !ads.isEmpty else { return nil }
        for event in avail.breakEvents where event.type == "breakStart" {
            ads[0].tracking += event.beaconURLs.map { TrackingEvent(event: event.type, uri: $0, offset: .zero) }
        }
        for event in avail.breakEvents where event.type != "breakStart" {
            ads[ads.count - 1].tracking += event.beaconURLs.map { TrackingEvent(event: event.type, uri: $0) }
        }
        return AdBreak(id: id, position: breakPosition, ads: ads, insertion: .inStream, occupancy: occupancy)
    }
}

/// Where the avails of an SSAI session's tracking data sit, and their ads
/// as timeline ads.
public enum TrackedAvails {
    /// How long an avail takes: its duration, or its ads' while it has none.
    public static func length(of avail: TrackedAvail) -> MediaDuration {
        avail.duration > .zero ? avail.duration : avail.ads.reduce(MediaDuration.zero) { $0 + $1.duration }
    }

    /// The opportunity positions of `avails` (in stream order). A live
    /// session's avails replace content: each sits at its stream time. A
    /// VOD session's add stream time: each sits at its stream time less the
    /// avails before it, and one at 0 is the pre-roll.
    public static func positions(of avails: [TrackedAvail], occupancy: Occupancy) -> [OpportunityPosition] {
        switch occupancy {
        case .replacesContent:
            return avails.map { .stream($0.start) }
        case .addsStreamTime:
            var before = MediaDuration.zero
            return avails.map { avail in
                defer { before += length(of: avail) }
                let content = ContentTime(ticks: max(0, avail.start.ticks - before.ticks))
                return content == .zero ? .preroll : .content(content)
            }
        }
    }

    /// A tracked ad as a timeline ad: its beacons with their times in the
    /// ad, its landing page, skip offset, companions and verifications.
    static func ad(_ tracked: TrackedAd, id: String) -> Ad {
        func events(_ events: [TrackedEvent]) -> [TrackingEvent] {
            var beacons: [TrackingEvent] = []
            beacons.reserveCapacity(events.count)
            for event in events {
                let offset = event.start.flatMap { $0 >= tracked.start ? $0 - tracked.start : nil }
                for url in event.beaconURLs { beacons.append(TrackingEvent(event: event.type, uri: url, offset: offset)) }
            }
            return beacons
        }
        var ad = Ad(id: id, duration: tracked.duration, tracking: events(tracked.events),
                    skipOffset: tracked.skipOffset?.offset(inAdOf: tracked.duration))
        if let click = tracked.clickThrough { ad.extraAssets.append(AdAsset(role: .clickThrough, uri: click)) }
        ad.companions = tracked.companions.map {
            CompanionAd(id: $0.id, width: $0.width, height: $0.height, resource: $0.resource, clickThrough: $0.clickThrough, tracking: events($0.events))
        }
        ad.verifications = tracked.verifications.map {
            AdVerification(vendor: $0.vendor, scripts: $0.scripts, parameters: $0.parameters, tracking: events($0.events))
        }
        return ad
    }
}

extension TrackedAvails {
    /// A VOD SSAI session's timeline: every avail known up front, its ads
    /// stitched into a stream of `streamDuration`. The content is the
    /// stream less the avails; each avail is a break that adds stream time
    /// at its content position (at 0 the pre-roll, at the end the post-roll).
    /// Avails with no time are left out.
    /// - Throws: `TimelineError` when the avails do not fit the
    ///   stream (overlapping, or longer than it).
    public static func vodTimeline(_ avails: [TrackedAvail], streamDuration: MediaDuration) throws(TimelineError) -> AdTimeline {
        let timed = avails.filter { length(of: $0) > .zero }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let adTime = timed.reduce(MediaDuration.zero) { $0 + length(of: $1) }
        let content = streamDuration - adTime
        var breaks: [AdBreak] = []
        for (avail, position) in zip(timed, positions(of: timed, occupancy: .addsStreamTime)) {
            let opportunity = AdOpportunity(avail: avail, position: position)
            guard var adBreak = opportunity.trackedBreak(occupancy: .addsStreamTime) else { continue }
            if case .midroll(let time) = adBreak.position, time.ticks >= content.ticks { adBreak.position = .postroll }
            breaks.append(adBreak)
        }
        return try AdTimeline(contentDuration: content, breaks: breaks)
    }
}
