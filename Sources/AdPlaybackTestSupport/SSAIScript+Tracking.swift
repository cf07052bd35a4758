internal import MediaTime

extension SSAIScript {
    /// The tracking JSON of the avails visible now, as pages: an avail
    /// appears `late` polls after its first segment was served, incomplete
    /// for ``incompleteAnswers`` answers. `answers` counts, per avail, the
    /// answers it has appeared in before this one.
    func trackingPages(visible: [Avail], answers: [String: Int], origin: Int, beaconBase: String) -> [String] {
        let avails = visible.map { avail(json: $0, complete: answers[$0.id, default: 0] >= incompleteAnswers, origin: origin, beaconBase: beaconBase) }
        let size = max(1, pageSize ?? max(1, avails.count))
        var pages: [String] = []
        var index = 0
        repeat {
            let slice = avails[min(index, avails.count)..<min(index + size, avails.count)]
            index += size
            let token = index < avails.count ? "\"page-\(index / size + 1)/=+ token==\"" : "null"
            pages.append("{\"avails\": [\(slice.joined(separator: ", "))], \"nextToken\": \(token), \"nonLinearAvails\": []}")
        } while index < avails.count
        return pages
    }

    private func avail(json avail: Avail, complete: Bool, origin: Int, beaconBase: String) -> String {
        let start = streamTime(ofSegment: avail.at, origin: origin)
        let length = MediaDuration(microseconds: segmentMilliseconds * 1_000 * Int64(avail.trackedSegments ?? avail.segments))
        let date = ISODate.string(epochMilliseconds: startEpochSeconds * 1_000 + Int64(avail.at) * segmentMilliseconds)
        var ads: [String] = []
        let count = complete ? avail.ads : min(1, avail.ads)
        for index in 0..<count {
            let adStart = start + MediaDuration(ticks: length.ticks / Int64(avail.ads) * Int64(index))
            let adLength = MediaDuration(ticks: length.ticks / Int64(avail.ads))
            var events: [String] = []
            if complete {
                let moments = [("impression", 0), ("start", 0), ("firstQuartile", 1), ("midpoint", 2), ("thirdQuartile", 3), ("complete", 4)]
                events = moments.map { name, quarter in
                    let at = adStart + MediaDuration(ticks: adLength.ticks / 4 * Int64(quarter))
                    return "{\"eventType\": \"\(name)\", \"eventId\": \"\(avail.id)-\(index + 1)-\(name)\", \"startTimeInSeconds\": \(at.decimalSeconds), "
                        + "\"beaconUrls\": [\"\(beaconBase)/\(avail.id)/\(index + 1)/\(name)\"]}"
                }
            }
            ads.append("{\"adId\": \"\(avail.id)-\(index + 1)\", \"startTimeInSeconds\": \(adStart.decimalSeconds), "
                + "\"durationInSeconds\": \(complete ? adLength.decimalSeconds : "0"), \"trackingEvents\": [\(events.joined(separator: ", "))]}")
        }
        return "{\"availId\": \"\(avail.id)\", \"startTimeInSeconds\": \(start.decimalSeconds), \"durationInSeconds\": \(complete ? length.decimalSeconds : "0"), "
            + "\"availProgramDateTime\": \"\(date)\", \"ads\": [\(ads.joined(separator: ", "))]}"
    }
}
