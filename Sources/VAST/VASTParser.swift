internal import TextEcho
internal import XMLTree
internal import MediaTime

/// Reads VAST documents (2.0 to 4.3, and 1.0) into ``VASTDocument``s.
///
/// Elements are matched by local name whatever their namespace prefix.
/// Whatever the specification requires but a real document leaves out or
/// gets wrong is reported as a ``VASTWarning`` with its element path; a
/// document that is not XML (error 100), or not VAST (101), fails.
///
/// ```swift
/// let document = try VASTParser().parse(Array(xml.utf8))
/// for ad in document.ads { print(ad.id ?? "-", ad.inline?.title ?? "wrapper") }
/// ```
public struct VASTParser: Sendable {
    /// How large and deep a document may be.
    public var limits: DocumentLimits

    /// Creates a parser.
    public init(limits: DocumentLimits = DocumentLimits()) { self.limits = limits }

    /// Parses a VAST document.
    public func parse(_ bytes: [UInt8]) throws(VASTError) -> VASTDocument {
        let document: XMLDocument
        do throws(XMLError) {
            document = try XMLReader(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth).readDocument(bytes)
        } catch {
            throw VASTError(.xmlParsing, xml: error)
        }
        return try Self.document(document)
    }

    /// Parses a VAST document from a string.
    public func parse(_ text: String) throws(VASTError) -> VASTDocument { try parse(Array(text.utf8)) }

    static func document(_ document: XMLDocument) throws(VASTError) -> VASTDocument {
        let root = Node(document.root)
        var reading = Reading(document)
        switch root.element.localName {
        case "VAST":
            let version = root.attribute("version") ?? ""
            if version.isEmpty { reading.warn(root, "no version attribute") }
            let ads = root.children("Ad").compactMap { reading.ad($0) }
            let errors = root.children("Error").flatMap { reading.urls($0) }.map(\.url)
            return VASTDocument(version: version, ads: ads, errors: errors, warnings: reading.warnings)
        case "VideoAdServingTemplate":
            let ads = root.children("Ad").compactMap { reading.vast1Ad($0) }
            return VASTDocument(version: "1.0", ads: ads, warnings: reading.warnings)
        default:
            throw VASTError(.schemaValidation, "the root element is <\(root.element.name)>, not <VAST>", path: "/" + root.element.name,
                            line: root.line)
        }
    }
}

extension Reading {
    mutating func ad(_ node: Node) -> VASTAd? {
        let content: VASTAd.Content
        if let inline = node.child("InLine") {
            content = .inline(self.inline(inline))
        } else if let wrapperNode = node.child("Wrapper") {
            guard let wrapper = wrapper(wrapperNode) else { return nil }
            content = .wrapper(wrapper)
        } else {
            warn(node, "an <Ad> with neither <InLine> nor <Wrapper>; skipped")
            return nil
        }
        return VASTAd(id: node.attribute("id"), sequence: integer(node, "sequence"),
                  conditionalAd: boolean(node, "conditionalAd") ?? false, adType: node.attribute("adType"), content: content)
    }

    mutating func inline(_ node: Node) -> InLine {
        var inline = InLine()
        inline.common = common(node)
        inline.title = node.child("AdTitle")?.text
        inline.adServingID = node.child("AdServingId")?.text
        inline.description = node.child("Description")?.text
        inline.advertiser = node.child("Advertiser")?.text
        inline.categories = node.children("Category").compactMap { category in
            category.text.map { Category(authority: category.attribute("authority"), value: $0) }
        }
        inline.surveys = node.children("Survey").flatMap { urls($0) }.map(\.url)
        if let expires = node.child("Expires") {
            inline.expires = expires.text.flatMap { Int($0) }
            if inline.expires == nil { warn(expires, "not a whole number of seconds; ignored") }
        }
        if inline.common.adSystem == nil { warn(node, "no <AdSystem>") }
        // A wrapper's linear creative carries tracking only; an inline one must say how long the ad is.
        for creative in node.child("Creatives")?.children("Creative") ?? [] {
            if let linear = creative.child("Linear"), linear.child("Duration") == nil { warn(linear, "no <Duration>") }
        }
        return inline
    }

    mutating func wrapper(_ node: Node) -> Wrapper? {
        guard let uri = url(node.child("VASTAdTagURI") ?? node.child("VASTAdTagURL")) else {
            warn(node, "a <Wrapper> with no <VASTAdTagURI>; skipped")
            return nil
        }
        var wrapper = Wrapper(adTagURI: uri)
        wrapper.common = common(node)
        wrapper.followAdditionalWrappers = boolean(node, "followAdditionalWrappers") ?? true
        wrapper.allowMultipleAds = boolean(node, "allowMultipleAds") ?? false
        wrapper.fallbackOnNoAd = boolean(node, "fallbackOnNoAd")
        return wrapper
    }

    mutating func common(_ node: Node) -> AdCommon {
        var common = AdCommon()
        if let system = node.child("AdSystem") {
            common.adSystem = AdSystem(name: system.text ?? "", version: system.attribute("version"))
        }
        common.impressions = node.children("Impression").flatMap { urls($0) }
        common.errors = node.children("Error").flatMap { urls($0) }.map(\.url)
        if let pricing = node.child("Pricing"), let value = pricing.text {
            common.pricing = Pricing(model: pricing.attribute("model"), currency: pricing.attribute("currency"), value: value)
        }
        if let viewable = node.child("ViewableImpression") {
            var impression = ViewableImpression()
            impression.id = viewable.attribute("id")
            impression.viewable = viewable.children("Viewable").flatMap { urls($0) }.map(\.url)
            impression.notViewable = viewable.children("NotViewable").flatMap { urls($0) }.map(\.url)
            impression.viewUndetermined = viewable.children("ViewUndetermined").flatMap { urls($0) }.map(\.url)
            common.viewableImpression = impression
        }
        let extensions = node.child("Extensions")?.children("Extension") ?? []
        // Before VAST 4.1, open measurement rode in an extension of type AdVerifications.
        let legacyVerifications = extensions.filter { $0.attribute("type") == "AdVerifications" }.compactMap { $0.child("AdVerifications") }
        common.verifications = ([node.child("AdVerifications")].compactMap { $0 } + legacyVerifications)
            .flatMap { $0.children("Verification") }.map { verification($0) }
        common.creatives = (node.child("Creatives")?.children("Creative") ?? []).map { creative($0) }
        common.extensions = extensions.map { raw($0) }
        return common
    }

    mutating func verification(_ node: Node) -> Verification {
        var verification = Verification(vendor: node.attribute("vendor"))
        verification.javaScriptResources = node.children("JavaScriptResource").compactMap { resource in
            url(resource).map { ScriptResource(apiFramework: resource.attribute("apiFramework"),
                                               detail: resource.attribute("browserOptional"), url: $0) }
        }
        verification.executableResources = node.children("ExecutableResource").compactMap { resource in
            url(resource).map { ScriptResource(apiFramework: resource.attribute("apiFramework"), detail: resource.attribute("type"), url: $0) }
        }
        verification.parameters = node.child("VerificationParameters")?.text
        verification.trackingEvents = trackingEvents(node.child("TrackingEvents"))
        return verification
    }

    mutating func trackingEvents(_ node: Node?) -> [VASTTrackingEvent] {
        guard let node else { return [] }
        return node.children("Tracking").flatMap { tracking -> [VASTTrackingEvent] in
            guard let event = tracking.attribute("event"), !event.isEmpty else {
                warn(tracking, "a <Tracking> with no event; ignored")
                return []
            }
            var offset: Offset?
            if let text = tracking.attribute("offset") {
                offset = VASTTime.offset(text.trimmedSpaces)
                if offset == nil { warn(tracking, "offset=\(Echo.quoted(text)) is not HH:MM:SS(.mmm) or n%; ignored") }
            }
            return urls(tracking).map { VASTTrackingEvent(event: event, offset: offset, url: $0.url) }
        }
    }

    mutating func duration(_ node: Node?) -> MediaDuration? {
        guard let node, let text = node.text else { return nil }
        if let duration = VASTTime.duration(text) { return duration }
        // Some servers write plain seconds; the time is still unambiguous.
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count <= 2, let seconds = Int64(digits: parts[0], maxCount: 9),
           let fraction = VASTTime.duration("00:00:00" + (parts.count == 2 ? "." + parts[1] : "")) {
            warn(node, "\(Echo.quoted(text)) is not HH:MM:SS(.mmm); read as seconds")
            return MediaDuration(ticks: seconds * Timescale.ticksPerSecond + fraction.ticks)
        }
        warn(node, "\(Echo.quoted(text)) is not HH:MM:SS(.mmm); ignored")
        return nil
    }
}
