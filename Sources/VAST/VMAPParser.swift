internal import TextEcho
internal import XMLTree

/// Reads VMAP 1.0 documents into ``VMAPDocument``s. Elements are matched by
/// local name, so the `vmap:` prefix real documents use without declaring
/// it reads like any other; inline VAST is read with ``VASTParser``.
///
/// ```swift
/// let vmap = try VMAPParser().parse(Array(xml.utf8))
/// for adBreak in vmap.adBreaks { print(adBreak.id ?? "-", adBreak.timeOffset) }
/// ```
public struct VMAPParser: Sendable {
    /// How large and deep a document may be.
    public var limits: DocumentLimits

    /// Creates a parser.
    public init(limits: DocumentLimits = DocumentLimits()) { self.limits = limits }

    /// Parses a VMAP document; XML that is not well-formed is error 1002, a
    /// root that is not `VMAP` error 1000.
    public func parse(_ bytes: [UInt8]) throws(VASTError) -> VMAPDocument {
        let document: XMLDocument
        do throws(XMLError) {
            document = try XMLReader(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth).readDocument(bytes)
        } catch {
            throw VASTError(.vmapParsing, xml: error)
        }
        let root = Node(document.root)
        guard root.element.localName == "VMAP" else {
            throw VASTError(.vmapSchema, "the root element is <\(root.element.name)>, not <vmap:VMAP>", path: "/" + root.element.name, line: root.line)
        }
        var reading = Reading(document)
        let version = root.attribute("version") ?? ""
        if version.isEmpty { reading.warn(root, "no version attribute") }
        let adBreaks = root.children("AdBreak").compactMap { reading.adBreak($0) }
        let extensions = (root.child("Extensions")?.children("Extension") ?? []).map { reading.raw($0) }
        return VMAPDocument(version: version, adBreaks: adBreaks, extensions: extensions, warnings: reading.warnings)
    }

    /// Parses a VMAP document from a string.
    public func parse(_ text: String) throws(VASTError) -> VMAPDocument { try parse(Array(text.utf8)) }
}

extension Reading {
    mutating func adBreak(_ node: Node) -> VMAPAdBreak? {
        guard let text = node.attribute("timeOffset"), let timeOffset = TimeOffset(text.trimmedSpaces) else {
            warn(node, "timeOffset=\(Echo.quoted(node.attribute("timeOffset") ?? "")) is not start, end, HH:MM:SS(.mmm), n% or #n; break skipped")
            return nil
        }
        var adBreak = VMAPAdBreak(id: node.attribute("breakId"), timeOffset: timeOffset)
        if let types = node.attribute("breakType") {
            adBreak.breakTypes = types.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
        } else {
            warn(node, "no breakType; linear assumed")
        }
        adBreak.repeatAfter = timeAttribute(node, "repeatAfter")
        adBreak.adSource = node.child("AdSource").flatMap { adSource($0) }
        adBreak.trackingEvents = trackingEvents(node.child("TrackingEvents"))
        adBreak.extensions = (node.child("Extensions")?.children("Extension") ?? []).map { raw($0) }
        return adBreak
    }

    mutating func adSource(_ node: Node) -> VMAPAdSource? {
        let content: VMAPAdSource.Content
        var inlineXML: String?
        if let data = node.child("VASTAdData") {
            guard let vast = data.child("VAST") ?? data.child("VideoAdServingTemplate") else {
                warn(data, "<VASTAdData> holds no <VAST>; the source is skipped")
                return nil
            }
            do throws(VASTError) {
                let parsed = try VASTParser.document(XMLDocument(root: vast.element, text: document.text))
                warnings += parsed.warnings.map { VASTWarning(path: path(of: data) + $0.path, line: $0.line, $0.message) }
                content = .vast(parsed)
                inlineXML = raw(vast).xml
            } catch {
                warn(data, "the inline VAST is not usable: \(error.message); the source is skipped")
                return nil
            }
        } else if let tag = node.child("AdTagURI") {
            guard let uri = tag.text else {
                warn(tag, "an empty <AdTagURI>; the source is skipped")
                return nil
            }
            content = .adTagURI(uri, templateType: tag.attribute("templateType"))
        } else if let custom = node.child("CustomAdData") {
            content = .custom(raw(custom))
        } else {
            warn(node, "an <AdSource> with no VASTAdData, AdTagURI or CustomAdData; skipped")
            return nil
        }
        var source = VMAPAdSource(id: node.attribute("id"), allowMultipleAds: boolean(node, "allowMultipleAds"),
                              followRedirects: boolean(node, "followRedirects"), content: content)
        source.inlineXML = inlineXML
        return source
    }
}
