public import VAST
public import VASTResolution
internal import MediaTime

extension ResolutionReport {
    /// The resolution as readable text: the chain, each ad with its media
    /// file and every impression, tracking and Error URL, then the errors,
    /// the parser's warnings, the error reports, and a summary line.
    public static func text(_ resolution: VASTResolution, choice: MediaFileChoice = .common) -> String {
        var lines = ["chain: \(count(resolution.chain.count, "fetch", "fetches"))"]
        lines += resolution.chain.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("ads: \(resolution.ads.count)")
        for resolved in resolution.ads { lines += adLines(resolved, choice: choice) }
        let errors = errors(resolution, choice: choice)
        if !errors.isEmpty {
            lines.append("errors: \(errors.count)")
            lines += errors.map { "  \($0)" }
        }
        if !resolution.warnings.isEmpty {
            lines.append("warnings: \(resolution.warnings.count)")
            lines += resolution.warnings.map { "  \($0)" }
        }
        if !resolution.errorReports.isEmpty {
            lines.append("reported to: \(count(resolution.errorReports.count, "error URL", "error URLs"))")
            lines += resolution.errorReports.map { "  \($0)" }
        }
        if !resolution.wouldSend.isEmpty {
            lines.append("would send (not sent; --report-errors sends them): \(count(resolution.wouldSend.count, "error URL", "error URLs"))")
            lines += resolution.wouldSend.map { "  \($0)" }
        }
        lines.append(summary(resolution, errors: errors.count, choice: choice))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func adLines(_ resolved: ResolvedAd, choice: MediaFileChoice) -> [String] {
        let ad = resolved.ad
        let linear = ad.common.creatives.compactMap(\.linear).first
        var head = "  ad \(ad.id ?? "-")"
        if let sequence = ad.sequence { head += " #\(sequence)" }
        if let title = resolved.inline.title { head += " \"\(title)\"" }
        if let system = ad.common.adSystem?.name { head += " from \(system)" }
        var lines = [head]
        lines.append(linear?.duration.map { "    duration \($0.decimalSeconds) s" } ?? "    duration none")
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
        if !resolved.wrapperURLs.isEmpty {
            lines.append("    through \(count(resolved.wrapperURLs.count, "wrapper", "wrappers"))")
            lines += resolved.wrapperURLs.map { "      \($0)" }
        }
        lines += ad.common.impressions.map { "    impression \($0.url)" }
        for (event, urls) in tracking(of: ad) { lines += urls.map { "    tracking \(event) \($0)" } }
        lines += ad.common.errors.map { "    error \($0)" }
        return lines
    }

    /// One line of counts: ads (playable of them), URLs, errors, warnings.
    private static func summary(_ resolution: VASTResolution, errors: Int, choice: MediaFileChoice) -> String {
        let ads = resolution.ads
        let impressions = ads.map(\.ad.common.impressions.count).reduce(0, +)
        let trackingURLs = ads.map { tracking(of: $0.ad).map(\.urls.count).reduce(0, +) }.reduce(0, +)
        let errorURLs = ads.map(\.ad.common.errors.count).reduce(0, +)
        return "summary: \(count(ads.count, "ad", "ads")) (\(playableCount(resolution, choice: choice)) playable), "
            + "\(count(impressions, "impression", "impressions")), \(count(trackingURLs, "tracking URL", "tracking URLs")), "
            + "\(count(errorURLs, "error URL", "error URLs")); \(count(errors, "error", "errors")), "
            + "\(count(resolution.warnings.count, "warning", "warnings"))"
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
