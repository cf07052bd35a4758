/// `<InLine>`: an ad with everything needed to play it. VAST 4.2 §3.4.
public struct InLine: Sendable, Hashable {
    /// What inline ads and wrappers share.
    public var common = AdCommon()
    /// `<AdTitle>`.
    public var title: String?
    /// `<AdServingId>`.
    public var adServingID: String?
    /// `<Description>`.
    public var description: String?
    /// `<Advertiser>`.
    public var advertiser: String?
    /// `<Category authority="">`.
    public var categories: [Category] = []
    /// `<Survey>` URLs.
    public var surveys: [String] = []
    /// `<Expires>`: seconds the response may be cached.
    public var expires: Int?

    /// Creates an empty inline ad.
    public init() {}
}

/// `<Category authority="">code</Category>`.
public struct Category: Sendable, Hashable {
    /// `authority`: the taxonomy's URL.
    public var authority: String?
    /// The category code.
    public var value: String

    /// Creates a value.
    public init(authority: String? = nil, value: String) {
        self.authority = authority
        self.value = value
    }
}

/// `<Wrapper>`: tracking to merge into the ad, and where to fetch the rest of
/// it. VAST 4.2 §3.5.
public struct Wrapper: Sendable, Hashable {
    /// What inline ads and wrappers share.
    public var common = AdCommon()
    /// `<VASTAdTagURI>`: the next document in the chain.
    public var adTagURI: String
    /// `followAdditionalWrappers` (default true): whether the next document may itself be a wrapper.
    public var followAdditionalWrappers = true
    /// `allowMultipleAds` (default false): whether the next document may answer with a pod.
    public var allowMultipleAds = false
    /// `fallbackOnNoAd`: whether to use a stand-alone ad when the next document has none.
    public var fallbackOnNoAd: Bool?

    /// Creates a wrapper pointing at `adTagURI`.
    public init(adTagURI: String) { self.adTagURI = adTagURI }
}

/// `<Verification vendor="">`: an open-measurement script and its tracking.
public struct Verification: Sendable, Hashable {
    /// `vendor`.
    public var vendor: String?
    /// `<JavaScriptResource apiFramework="" browserOptional="">`.
    public var javaScriptResources: [ScriptResource] = []
    /// `<ExecutableResource apiFramework="" type="">`.
    public var executableResources: [ScriptResource] = []
    /// `<VerificationParameters>`, as written.
    public var parameters: String?
    /// `<TrackingEvents>` (`verificationNotExecuted`).
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates a verification for `vendor`.
    public init(vendor: String? = nil) { self.vendor = vendor }
}

/// A script a verification vendor runs.
public struct ScriptResource: Sendable, Hashable {
    /// `apiFramework`, e.g. `omid`.
    public var apiFramework: String?
    /// `browserOptional` (JavaScript) or `type` (executable).
    public var detail: String?
    /// The script's URL.
    public var url: String

    /// Creates a value.
    public init(apiFramework: String? = nil, detail: String? = nil, url: String) {
        self.apiFramework = apiFramework
        self.detail = detail
        self.url = url
    }
}
