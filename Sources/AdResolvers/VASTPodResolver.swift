public import AdSignals
public import AdTimeline
internal import MediaTime
public import VAST
public import VASTResolution

/// Fills a scheduled break from its VAST (an ad tag, or a document in
/// hand): follows the wrappers, then takes the pod's ads in order while
/// they fit the opportunity's duration. Ads that do not fit, or cannot
/// play, are dropped and reported.
public struct VASTPodResolver: AdResolver {
    /// Follows the wrappers.
    public var chain: VASTChainResolver
    /// The media files the player takes.
    public var choice: MediaFileChoice
    /// How the break's ads reach the viewer.
    public var insertion: Insertion

    /// Creates a resolver.
    public init(chain: VASTChainResolver, choice: MediaFileChoice = .common,
                insertion: Insertion = .inserted) {
        self.chain = chain
        self.choice = choice
        self.insertion = insertion
    }

    public func shouldResolve(_ opportunity: AdOpportunity) -> Bool {
        if case .schedule = opportunity.signal { return true }
        return false
    }

    public func resolve(_ opportunity: AdOpportunity) async throws -> ResolvedBreaks {
        let resolution: VASTResolution
        switch opportunity.signal {
        case .schedule(.adTag(let url)):
            resolution = await chain.resolve(url: url)
        case .schedule(.inlineVAST(let xml)):
            do throws(VASTError) {
                resolution = await chain.resolve(try chain.parser.parse(xml))
            } catch {
                return ResolvedBreaks(breaks: [], issues: ["the inline VAST is not usable: \(error)"])
            }
        case .inStream, .tracked, .interstitial:
            return ResolvedBreaks(breaks: [], issues: ["not a scheduled opportunity"])
        }
        try Task.checkCancellation()
        var issues = resolution.errors.map { "VAST error \($0.code): \($0.message)" + ($0.url.map { " (\($0))" } ?? "") }
        var reports = resolution.reports.map { report in
            var report = report
            report.breakID = opportunity.id
            report.adID = report.adID ?? opportunity.id
            return report
        }
        var ads: [Ad] = []
        var filled = MediaDuration.zero
        for (index, resolved) in resolution.ads.enumerated() {
            let id = "\(opportunity.id)-ad\(index + 1)"
            switch VASTAdConversion.ad(resolved, id: id, choice: choice) {
            case .failure(let error):
                issues.append("ad \(resolved.ad.id ?? id) dropped: VAST error \(error.code): \(error.message)")
                let urls = resolved.ad.common.errors
                if !urls.isEmpty {
                    reports.append(AdErrorReport(
                        breakID: opportunity.id, adID: resolved.ad.id ?? id, code: error.code.rawValue, message: error.message, urls: urls))
                }
            case .success(let ad):
                if let limit = opportunity.duration, filled + ad.duration > limit {
                    issues.append("ad \(ad.id) dropped: \(ad.duration) s does not fit the \(limit) s left after \(filled) s")
                    continue
                }
                filled = filled + ad.duration
                ads.append(ad)
            }
        }
        guard !ads.isEmpty else { return ResolvedBreaks(breaks: [], issues: issues, errorReports: reports) }
        return ResolvedBreaks(breaks: [AdBreak(id: opportunity.id, position: opportunity.breakPosition, ads: ads, insertion: insertion)],
                              issues: issues, errorReports: reports)
    }
}
