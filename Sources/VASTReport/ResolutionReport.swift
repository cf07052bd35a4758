public import VAST
public import VASTResolution
internal import MediaTime
internal import SCTE35Text
internal import StrictJSON

/// A wrapper-chain resolution as text and as JSON (`adplay vast resolve`).
///
/// JSON: `{"chain": [URLs fetched, in order], "ads": [{"id", "sequence",
/// "system", "title", "duration", "skipOffset", "mediaFile", "impressions",
/// "tracking": {event: [URLs]}, "errors"}], "errors": [{"code", "message",
/// "url"}], "warnings": [{"url", "path", "line", "message"}],
/// "errorReports", "wouldSend"}`, with tracking merged from every wrapper;
/// durations and time offsets in exact decimal seconds, a percent offset as
/// written (`"25%"`). `errors` holds the resolution's failures and, for
/// each resolved ad a player cannot play, VAST error 400 (no linear
/// creative with a duration) or 403 (no playable media file).
public enum ResolutionReport {
    /// The resolution's failures, then what keeps each resolved ad from
    /// playing (`ResolvedAd.problems(for:)`).
    public static func errors(_ resolution: VASTResolution, choice: MediaFileChoice = .common) -> [ResolutionError] {
        resolution.errors + resolution.ads.flatMap { resolved in
            resolved.problems(for: choice).map { ResolutionError($0.code, $0.message) }
        }
    }

    /// How many resolved ads a player can play.
    public static func playableCount(_ resolution: VASTResolution, choice: MediaFileChoice = .common) -> Int {
        resolution.ads.count { (try? $0.playable(by: choice)) != nil }
    }

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
        for error in errors(resolution, choice: choice) {
            output.openObject()
            output.member("code", error.code.rawValue)
            output.member("message", error.message)
            output.key("url")
            optional(error.url, to: &output)
            output.closeObject()
        }
        output.closeArray()
        output.key("warnings")
        output.openArray()
        for warning in resolution.warnings {
            output.openObject()
            output.key("url")
            optional(warning.url, to: &output)
            output.member("path", warning.warning.path)
            output.member("line", warning.warning.line)
            output.member("message", warning.warning.message)
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
    static func tracking(of ad: VASTAd) -> [(event: String, urls: [String])] {
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

    static func optional(_ text: String?, to output: inout JSONOutput) {
        if let text { output.value(text) } else { output.null() }
    }
}
