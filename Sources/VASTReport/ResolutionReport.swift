public import VAST
public import VASTResolution
internal import MediaTime
internal import SCTE35Text
internal import StrictJSON

/// A wrapper-chain resolution as text and as JSON (`adplay vast resolve`).
///
/// JSON: `{"chain": [URLs fetched, in order], "ads": [{"id", "sequence",
/// "system", "title", "duration", "skipOffset", "mediaFile", "impressions",
/// "tracking": {event: [URLs]}, "errors"}], "errors": [{"code", "message"}]}`,
/// with tracking merged from every wrapper; durations and time offsets in
/// exact decimal seconds, a percent offset as written (`"25%"`).
public enum ResolutionReport {
    /// The resolution as one JSON document, with a trailing line feed.
    public static func json(_ resolution: VASTResolution, choice: MediaFileChoice = .common) -> String {
        var output = JSONOutput()
        output.openObject()
        output.key("chain")
        output.openArray()
        for url in resolution.chain { output.value(url) }
        output.closeArray()
        output.key("ads")
        output.openArray()
        for resolved in resolution.ads { write(resolved, choice: choice, to: &output) }
        output.closeArray()
        output.key("errors")
        output.openArray()
        for error in resolution.errors {
            output.openObject()
            output.member("code", error.code.rawValue)
            output.member("message", error.message)
            output.key("url")
            if let url = error.url { output.value(url) } else { output.null() }
            output.closeObject()
        }
        output.closeArray()
        for (key, urls) in [("errorReports", resolution.errorReports), ("wouldSend", resolution.wouldSend)] {
            output.key(key)
            output.openArray()
            for url in urls { output.value(url) }
            output.closeArray()
        }
        output.closeObject()
        output.endLine()
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func write(_ resolved: ResolvedAd, choice: MediaFileChoice, to output: inout JSONOutput) {
        let ad = resolved.ad
        let linear = ad.common.creatives.compactMap(\.linear).first
        output.openObject()
        output.key("id")
        optional(ad.id, to: &output)
        output.key("sequence")
        if let sequence = ad.sequence { output.number(String(sequence)) } else { output.null() }
        output.key("system")
        optional(ad.common.adSystem?.name, to: &output)
        output.key("title")
        optional(resolved.inline.title, to: &output)
        output.key("duration")
        if let duration = linear?.duration { output.number(duration.decimalSeconds) } else { output.null() }
        output.key("skipOffset")
        switch linear?.skipOffset {
        case .time(let time)?: output.number(time.decimalSeconds)
        case .percent(let percent)?: output.value("\(percent)%")
        case nil: output.null()
        }
        output.key("mediaFile")
        optional(linear.flatMap { try? choice.best(of: $0.mediaFiles) }?.url, to: &output)
        output.key("impressions")
        output.openArray()
        for impression in ad.common.impressions { output.value(impression.url) }
        output.closeArray()
        output.key("tracking")
        output.openObject()
        for (event, urls) in tracking(of: ad) {
            output.key(event)
            output.openArray()
            for url in urls { output.value(url) }
            output.closeArray()
        }
        output.closeObject()
        output.key("errors")
        output.openArray()
        for url in ad.common.errors { output.value(url) }
        output.closeArray()
        output.closeObject()
    }

    /// The linear tracking URLs by event, events in order of first appearance.
    static func tracking(of ad: Ad) -> [(event: String, urls: [String])] {
        var events: [(event: String, urls: [String])] = []
        for event in ad.common.creatives.compactMap(\.linear).flatMap(\.trackingEvents) {
            if let index = events.firstIndex(where: { $0.event == event.event }) {
                events[index].urls.append(event.url)
            } else {
                events.append((event.event, [event.url]))
            }
        }
        return events
    }

    private static func optional(_ text: String?, to output: inout JSONOutput) {
        if let text { output.value(text) } else { output.null() }
    }

    /// The resolution as readable text: the chain, each ad, and each error.
    public static func text(_ resolution: VASTResolution, choice: MediaFileChoice = .common) -> String {
        var lines = ["chain: \(resolution.chain.count) fetch\(resolution.chain.count == 1 ? "" : "es")"]
        lines += resolution.chain.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("ads: \(resolution.ads.count)")
        for resolved in resolution.ads {
            let ad = resolved.ad
            let linear = ad.common.creatives.compactMap(\.linear).first
            var head = "  ad \(ad.id ?? "-")"
            if let sequence = ad.sequence { head += " #\(sequence)" }
            if let title = resolved.inline.title { head += " \"\(title)\"" }
            if let system = ad.common.adSystem?.name { head += " from \(system)" }
            lines.append(head)
            if let duration = linear?.duration { lines.append("    duration \(duration.decimalSeconds) s") }
            switch linear?.skipOffset {
            case .time(let time)?: lines.append("    skippable after \(time.decimalSeconds) s")
            case .percent(let percent)?: lines.append("    skippable after \(percent)%")
            case nil: break
            }
            if let linear {
                switch Result(catching: { () throws(VASTError) in try choice.best(of: linear.mediaFiles) }) {
                case .success(let file): lines.append("    media \(file.url) (\(file.type ?? "?")\(file.bitrate.map { ", \($0) kbit/s" } ?? ""))")
                case .failure(let error): lines.append("    media none: \(error.message)")
                }
            }
            if !resolved.wrapperURLs.isEmpty { lines.append("    through \(resolved.wrapperURLs.count) wrapper\(resolved.wrapperURLs.count == 1 ? "" : "s")") }
            let tracking = tracking(of: ad)
            lines.append("    \(ad.common.impressions.count) impression\(ad.common.impressions.count == 1 ? "" : "s"), "
                         + "\(tracking.map(\.urls.count).reduce(0, +)) tracking URLs (\(tracking.map(\.event).joined(separator: ", "))), "
                         + "\(ad.common.errors.count) error URL\(ad.common.errors.count == 1 ? "" : "s")")
        }
        if !resolution.errors.isEmpty {
            lines.append("errors: \(resolution.errors.count)")
            lines += resolution.errors.map { "  \($0)" }
        }
        if !resolution.errorReports.isEmpty {
            lines.append("reported to: \(resolution.errorReports.count) error URL\(resolution.errorReports.count == 1 ? "" : "s")")
            lines += resolution.errorReports.map { "  \($0)" }
        }
        if !resolution.wouldSend.isEmpty {
            lines.append("would send (not sent; --report-errors sends them): \(resolution.wouldSend.count) error URL\(resolution.wouldSend.count == 1 ? "" : "s")")
            lines += resolution.wouldSend.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
