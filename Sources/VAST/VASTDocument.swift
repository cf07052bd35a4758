/// A VAST response (IAB VAST 2.0 to 4.3, and the 1.0 `VideoAdServingTemplate`
/// read into the same shape): its ads, and the Error URLs to call when it
/// has none.
public struct VASTDocument: Sendable, Hashable {
    /// The `version` attribute as written (`"1.0"` for a VAST 1 document).
    public var version: String
    /// The ads, in document order; a pod's ads carry a `sequence`.
    public var ads: [VASTAd]
    /// Top-level `<Error>` URLs: where to report that no ad was served.
    public var errors: [String]
    /// Tolerated deviations from the specification, each with its element path and line.
    public var warnings: [VASTWarning]

    /// Creates a document.
    public init(version: String, ads: [VASTAd] = [], errors: [String] = [], warnings: [VASTWarning] = []) {
        self.version = version
        self.ads = ads
        self.errors = errors
        self.warnings = warnings
    }

    /// The ads with a `sequence`, in sequence order: the pod.
    public var pod: [VASTAd] {
        ads.filter { $0.sequence != nil }.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
    }

    /// The ads without a `sequence`: the buffet of stand-alone ads.
    public var standalone: [VASTAd] { ads.filter { $0.sequence == nil } }
}

/// `<Ad>`: one ad, either served in full (`InLine`) or pointing to another
/// VAST document (`Wrapper`). VAST 4.2 §3.2.
public struct VASTAd: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `sequence`: the ad's place in a pod.
    public var sequence: Int?
    /// `conditionalAd`: the ad may only play when the player asked for it (VPAID-era).
    public var conditionalAd: Bool
    /// `adType` (VAST 4.1+): `video`, `audio` or `hybrid`.
    public var adType: String?
    /// The ad itself.
    public var content: Content

    /// Inline or wrapper.
    public enum Content: Sendable, Hashable {
        /// `<InLine>`: everything needed to play the ad.
        case inline(InLine)
        /// `<Wrapper>`: tracking to merge, and where to fetch the rest.
        case wrapper(Wrapper)
    }

    /// Creates an ad.
    public init(id: String? = nil, sequence: Int? = nil, conditionalAd: Bool = false, adType: String? = nil,
                content: Content) {
        self.id = id
        self.sequence = sequence
        self.conditionalAd = conditionalAd
        self.adType = adType
        self.content = content
    }

    /// What inline ads and wrappers share.
    public var common: AdCommon {
        get {
            switch content {
            case .inline(let inline): inline.common
            case .wrapper(let wrapper): wrapper.common
            }
        }
        set {
            switch content {
            case .inline(var inline):
                inline.common = newValue
                content = .inline(inline)
            case .wrapper(var wrapper):
                wrapper.common = newValue
                content = .wrapper(wrapper)
            }
        }
    }

    /// The inline ad, if this is one.
    public var inline: InLine? { if case .inline(let inline) = content { inline } else { nil } }
    /// The wrapper, if this is one.
    public var wrapper: Wrapper? { if case .wrapper(let wrapper) = content { wrapper } else { nil } }
}

/// The elements `<InLine>` and `<Wrapper>` both have.
public struct AdCommon: Sendable, Hashable {
    /// `<AdSystem>` and its `version`.
    public var adSystem: AdSystem?
    /// `<Impression>` URLs.
    public var impressions: [TrackingURL] = []
    /// `<Error>` URLs, with macros such as `[ERRORCODE]` unfilled.
    public var errors: [String] = []
    /// `<Pricing>`.
    public var pricing: Pricing?
    /// `<ViewableImpression>`.
    public var viewableImpression: ViewableImpression?
    /// `<AdVerifications>`, and before VAST 4.1 those of an `<Extension type="AdVerifications">`
    /// (which also stays in ``extensions``).
    public var verifications: [Verification] = []
    /// `<Creatives>`.
    public var creatives: [Creative] = []
    /// `<Extensions>`, each kept as raw XML.
    public var extensions: [RawXML] = []

    /// Creates an empty set.
    public init() {}
}

/// `<AdSystem version="">name</AdSystem>`.
public struct AdSystem: Sendable, Hashable {
    /// The ad server's name.
    public var name: String
    /// `version`.
    public var version: String?

    /// Creates an ad system.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

/// A URL to call when something happens, with the `id` some elements carry.
public struct TrackingURL: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// The URL as written, macros unfilled.
    public var url: String

    /// Creates a tracking URL.
    public init(id: String? = nil, url: String) {
        self.id = id
        self.url = url
    }
}

/// `<Pricing model="" currency="">value</Pricing>`.
public struct Pricing: Sendable, Hashable {
    /// `model`, e.g. `CPM`.
    public var model: String?
    /// `currency`, ISO 4217.
    public var currency: String?
    /// The price as written.
    public var value: String

    /// Creates a value.
    public init(model: String? = nil, currency: String? = nil, value: String) {
        self.model = model
        self.currency = currency
        self.value = value
    }
}

/// `<ViewableImpression>`: URLs for the viewability outcomes.
public struct ViewableImpression: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `<Viewable>`.
    public var viewable: [String] = []
    /// `<NotViewable>`.
    public var notViewable: [String] = []
    /// `<ViewUndetermined>`.
    public var viewUndetermined: [String] = []

    /// Creates an empty set.
    public init() {}
}

/// An element kept as written, for what VAST leaves open (`<Extension>`,
/// `<CreativeExtension>`, `<CustomAdData>`).
public struct RawXML: Sendable, Hashable {
    /// The element's `type` attribute, if any.
    public var type: String?
    /// The element's source text, start tag to end tag.
    public var xml: String

    /// Creates a value.
    public init(type: String? = nil, xml: String) {
        self.type = type
        self.xml = xml
    }
}
