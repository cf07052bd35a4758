internal import AdTransport
internal import Foundation
internal import VAST

/// One resolution in progress.
struct ChainRun: Sendable {
    let settings: VASTChainResolver
    let journal: Journal
    let deadline: Deadline

    /// Where an ad is on its way: the wrappers it came through.
    struct Path: Sendable {
        var wrappers: [(uri: String, wrapper: Wrapper)] = []
        var visited: Set<String> = []
        /// Error URLs of the documents and wrappers on the way.
        var errorURLs: [String] = []

        func through(_ uri: String, _ wrapper: Wrapper) -> Path {
            var next = self
            next.wrappers.append((uri, wrapper))
            next.visited.insert(uri)
            next.errorURLs += wrapper.common.errors
            return next
        }
    }

    func resolve(url: String) async {
        switch await fetch(url) {
        case .success(let document):
            var path = Path()
            path.visited.insert(url)
            await journal.resolved(await ads(of: document, path: path))
        case .failure(let error):
            await fail(error, reportingTo: [])
        }
    }

    func resolve(_ document: VASTDocument) async {
        await journal.warned(document.warnings, in: nil)
        await journal.resolved(await ads(of: document, path: Path()))
    }

    /// The ads a document comes to: its pod (or its first stand-alone ad),
    /// each resolved concurrently, failures replaced from the buffet.
    func ads(of document: VASTDocument, path: Path) async -> [ResolvedAd] {
        let pod = document.pod
        var chosen = pod.isEmpty ? Array(document.standalone.prefix(1)) : pod
        var buffet = pod.isEmpty ? Array(document.standalone.dropFirst()) : document.standalone
        guard !chosen.isEmpty else {
            let code: VASTErrorCode = .noAdsAfterWrapper
            await fail(ResolutionError(code, path.wrappers.isEmpty ? "the response has no ads" : "no ads after the wrappers",
                                       url: path.wrappers.last?.uri),
                       reportingTo: path.errorURLs + document.errors)
            return []
        }
        var slots = await resolveConcurrently(chosen, path: path)
        for index in slots.indices where slots[index].isEmpty {
            guard chosen[index].wrapper?.fallbackOnNoAd != false else { continue }
            while slots[index].isEmpty, !buffet.isEmpty {
                chosen[index] = buffet.removeFirst()
                slots[index] = await resolve(chosen[index], path: path)
            }
        }
        return slots.flatMap { $0 }
    }

    private func resolveConcurrently(_ ads: [VASTAd], path: Path) async -> [[ResolvedAd]] {
        await withTaskGroup(of: (Int, [ResolvedAd]).self) { group in
            for (index, ad) in ads.enumerated() {
                group.addTask { (index, await resolve(ad, path: path)) }
            }
            var slots = Array(repeating: [ResolvedAd](), count: ads.count)
            for await (index, resolved) in group { slots[index] = resolved }
            return slots
        }
    }

    /// One ad, inline already or followed through its wrappers; empty when it came to nothing.
    func resolve(_ ad: VASTAd, path: Path) async -> [ResolvedAd] {
        switch ad.content {
        case .inline:
            var merged = ad
            for step in path.wrappers.reversed() { TrackingMerge.merge(step.wrapper.common, into: &merged) }
            return [ResolvedAd(ad: merged, wrapperURLs: path.wrappers.map(\.uri))]
        case .wrapper(let wrapper):
            let uri = wrapper.adTagURI
            let errorURLs = path.errorURLs + wrapper.common.errors
            if let parent = path.wrappers.last, !parent.wrapper.followAdditionalWrappers {
                await fail(ResolutionError(.wrapper, "the wrapper at \(parent.uri) allows no further wrappers", url: uri),
                           reportingTo: errorURLs, adID: ad.id)
                return []
            }
            guard path.wrappers.count < settings.maxDepth else {
                await fail(ResolutionError(.wrapperLimit, "more than \(settings.maxDepth) wrappers", url: uri),
                           reportingTo: errorURLs, adID: ad.id)
                return []
            }
            guard !path.visited.contains(uri) else {
                await fail(ResolutionError(.wrapper, "a wrapper loop: \(uri) was already followed", url: uri),
                           reportingTo: errorURLs, adID: ad.id)
                return []
            }
            let document: VASTDocument
            switch await fetch(uri) {
            case .success(let fetched): document = fetched
            case .failure(let error):
                await fail(error, reportingTo: errorURLs, adID: ad.id)
                return []
            }
            let next = path.through(uri, wrapper)
            if wrapper.allowMultipleAds { return await ads(of: document, path: next) }
            guard let first = document.pod.first ?? document.standalone.first else {
                await fail(ResolutionError(.noAdsAfterWrapper, "no ads after the wrappers", url: uri),
                           reportingTo: next.errorURLs + document.errors, adID: ad.id)
                return []
            }
            return await resolve(first, path: next)
        }
    }

    /// Fetches and parses one document within the time left.
    func fetch(_ url: String) async -> Result<VASTDocument, ResolutionError> {
        guard let target = URL(string: url), ["http", "https"].contains(target.scheme?.lowercased()) else {
            return .failure(ResolutionError(.wrapper, "only http and https URLs are fetched", url: url))
        }
        guard deadline.remaining > .zero else {
            return .failure(ResolutionError(.wrapperTimeout, "the resolution's time budget ran out", url: url))
        }
        await journal.fetched(url)
        let bytes: [UInt8]
        do throws(TransportError) {
            bytes = try await settings.client.get(target, limits: settings.documentLimits, deadline: deadline)
        } catch {
            let code: VASTErrorCode = switch error.kind {
            case .scheme, .malformedURL, .tooLarge: .wrapper
            case .timeout, .status, .connection, .cancelled: .wrapperTimeout
            }
            return .failure(ResolutionError(code, error.message, url: url))
        }
        do throws(VASTError) {
            let document = try settings.parser.parse(bytes)
            await journal.warned(document.warnings, in: url)
            return .success(document)
        } catch {
            return .failure(ResolutionError(error.code, error.message, url: url))
        }
    }

    /// Records a failure and calls the Error URLs with the macros filled (or,
    /// when reports are off, lists them).
    func fail(_ error: ResolutionError, reportingTo urls: [String], adID: String? = nil) async {
        await journal.failed(error)
        guard !urls.isEmpty else { return }
        var unique: Set<String> = []
        await journal.report(AdErrorReport(
            adID: adID, code: error.code.rawValue, message: error.description, urls: urls.filter { unique.insert($0).inserted }))
        var values = settings.macroValues()
        values["ERRORCODE"] = String(error.code.rawValue)
        var seen: Set<String> = []
        let reports = urls.map { VASTMacros.fill($0, values) }.filter { seen.insert($0).inserted }
        guard settings.reportsErrors else {
            await journal.withheld(reports)
            return
        }
        await journal.reported(reports)
        let client = settings.client
        let limits = TransportLimits(maxBodyBytes: 65_536, timeout: min(settings.requestTimeout, .seconds(2)))
        await withTaskGroup(of: Void.self) { group in
            for report in reports {
                guard let url = URL(string: report) else { continue }
                group.addTask { _ = try? await client.get(url, limits: limits) }
            }
        }
    }
}
