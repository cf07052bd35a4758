public import AdTransport
public import VAST

/// Follows a VAST response's wrappers to the inline ads, safely and fast.
///
/// - Only `http` and `https` URLs are fetched; `file://` and private schemes never are.
/// - At most ``maxDepth`` wrappers are followed per ad (error 302); a URL
///   already followed on the way to an ad is a loop (error 300).
/// - Each fetch has ``requestTimeout`` and the whole resolution ``budget``,
///   both on the client's clock; a fetch that fails or runs out of time is
///   error 301.
/// - A pod's ads are resolved concurrently, so five ads behind three wrappers
///   each cost about three round trips.
/// - A pod ad that comes to nothing is replaced by a stand-alone ad of the
///   response (the "buffet") unless its wrapper says `fallbackOnNoAd="false"`.
/// - Every failure is reported to the Error URLs collected on the way, with
///   `[ERRORCODE]` and the other macros filled.
///
/// ```swift
/// let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
/// let resolver = VASTChainResolver(client: client, macroValues: { VASTMacros.standardValues(at: Date()) })
/// let resolution = await resolver.resolve(url: "https://ads.example.com/vast?pod=1")
/// for resolved in resolution.ads { print(resolved.ad.id ?? "-", resolved.wrapperURLs) }
/// ```
public struct VASTChainResolver: Sendable {
    /// How documents and error reports travel, and the clock their limits run on.
    public var client: HTTPClient
    /// The parser, with its document limits.
    public var parser = VASTParser()
    /// The most wrappers followed on the way to one ad (default 5).
    public var maxDepth = 5
    /// The longest one fetch may take (default 5 s).
    public var requestTimeout: Duration = .seconds(5)
    /// The longest the whole resolution may take (default 10 s).
    public var budget: Duration = .seconds(10)
    /// Values for the macros of error reports besides `[ERRORCODE]`, read at
    /// each report (`VASTMacros.standardValues(at:)` with the date now).
    public var macroValues: @Sendable () -> [String: String]
    /// Whether failures are reported to the documents' Error URLs (default
    /// true). When false, the reports are only listed
    /// (``VASTResolution/wouldSend``): a tool run against production must
    /// not call them.
    public var reportsErrors = true

    /// Creates a resolver that fetches through `client` and fills error
    /// reports' macros from `macroValues`.
    public init(client: HTTPClient, macroValues: @escaping @Sendable () -> [String: String]) {
        self.client = client
        self.macroValues = macroValues
    }

    /// The limits of one document fetch: the parser's size, ``requestTimeout``.
    public var documentLimits: TransportLimits {
        TransportLimits(maxBodyBytes: parser.limits.maxBytes, timeout: requestTimeout, maxRedirects: client.limits.maxRedirects)
    }

    /// Fetches the VAST document at `url` and resolves it.
    public func resolve(url: String) async -> VASTResolution {
        await run { await $0.resolve(url: url) }
    }

    /// Resolves a document already in hand (inline VAST from a VMAP, say).
    public func resolve(_ document: VASTDocument) async -> VASTResolution {
        await run { await $0.resolve(document) }
    }

    private func run(_ body: (ChainRun) async -> Void) async -> VASTResolution {
        let journal = Journal()
        let run = ChainRun(settings: self, journal: journal, deadline: Deadline(after: budget, on: client.clock))
        await body(run)
        return await journal.resolution
    }
}

/// What a resolution has done so far, shared by its concurrent parts.
actor Journal {
    private(set) var resolution = VASTResolution()

    func fetched(_ url: String) { resolution.chain.append(url) }
    func failed(_ error: ResolutionError) { resolution.errors.append(error) }
    func reported(_ urls: [String]) { resolution.errorReports += urls }
    func withheld(_ urls: [String]) { resolution.wouldSend += urls }
    func report(_ report: AdErrorReport) { resolution.reports.append(report) }
    func resolved(_ ads: [ResolvedAd]) { resolution.ads = ads }
    func warned(_ warnings: [VASTWarning], in url: String?) {
        resolution.warnings += warnings.map { DocumentWarning(url: url, warning: $0) }
    }
}
