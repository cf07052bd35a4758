public import AdSignals
internal import AdTimeline
public import AdTransport
internal import Foundation
internal import HLS
internal import MediaTime

/// Resolves an HLS interstitial into its break: the player switches to each
/// asset as its own item, then primary playback resumes.
///
/// - `X-ASSET-URI` is one ad, known at once, as long as the tag states its
///   duration (`DURATION`, `END-DATE`, `PLANNED-DURATION` or `X-PLAYOUT-LIMIT`).
/// - `X-ASSET-LIST` is fetched (within the registry's time limit): one ad per
///   asset, its URI relative to the list's URL. A list that cannot be
///   fetched or read leaves no break: the interstitial is cancelled and
///   primary playback goes on where it was scheduled. A list with no assets
///   applies the resume offset (0 unless given): with one above 0 it is a
///   break with nothing to play that moves primary playback on.
/// - `X-PLAYOUT-LIMIT` cuts the assets to it.
/// - `X-RESTRICT` and `CUE` become the break's restrictions (`BreakRestrictions`).
/// - `X-SKIP-CONTROL-*`, or the list's `SKIP-CONTROL` which overrides them,
///   become the break's skip control (`BreakSkipControl`).
/// - Every request, and every asset the player loads, carries
///   `_HLS_primary_id`, one value for the session; a list request for an
///   interstitial playback joins inside (`AdOpportunity.joinOffset`)
///   carries `_HLS_start_offset`, the seconds into it.
/// - A fetched list is cached per interstitial: the same interstitial
///   resolved again is not fetched again, and one whose tag changed (a later
///   tag of its ID) is.
/// - A resume offset of 0 inserts the break (it adds stream time); an absent
///   one replaces the content the break covers; another resumes primary
///   playback that far from where the break was scheduled.
///
/// ```swift
/// let resolver = InterstitialResolver(client: HTTPClient(transport: URLSessionTransport(), clock: clock), primaryID: sessionID)
/// ```
public struct InterstitialResolver: AdResolver {
    /// The HTTP client asset lists are fetched with.
    public var client: HTTPClient
    /// `_HLS_primary_id`: one value per playback session, stable through it.
    public var primaryID: String {
        didSet { primaryQuery = Self.primaryQuery(primaryID) }
    }
    /// `_HLS_primary_id=…` as the query carries it, encoded once.
    private var primaryQuery: String
    /// The lists fetched, by interstitial.
    private let lists = AssetListCache()

    /// A resolver fetching asset lists through `client`, for the session `primaryID` names.
    public init(client: HTTPClient, primaryID: String) {
        self.client = client
        self.primaryID = primaryID
        primaryQuery = Self.primaryQuery(primaryID)
    }

    private static func primaryQuery(_ id: String) -> String {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "_HLS_primary_id", value: id)]
        return components.percentEncodedQuery ?? ""
    }

    public func shouldResolve(_ opportunity: AdOpportunity) -> Bool {
        if case .interstitial = opportunity.signal { return true }
        return false
    }

    /// An asset URI (or no usable asset) is known at once; an asset list is fetched.
    public func resolveAtOnce(_ opportunity: AdOpportunity) -> ResolvedBreaks? {
        guard case .interstitial(let interstitial, let playlistURL) = opportunity.signal else { return nil }
        switch interstitial.asset {
        case .list: return nil
        case .uri(let uri):
            let stated = opportunity.duration.flatMap { $0 > .zero ? $0 : nil }
            let duration = [stated, interstitial.playoutLimit].compactMap { $0 }.min() ?? .zero
            guard duration > .zero else {
                return ResolvedBreaks(breaks: [], issues: [
                    "interstitial \(opportunity.id): its duration is not stated (no DURATION, END-DATE, PLANNED-DURATION or X-PLAYOUT-LIMIT); it is not played",
                ])
            }
            guard let url = assetURI(uri, relativeTo: playlistURL) else {
                return ResolvedBreaks(breaks: [], issues: ["interstitial \(opportunity.id): X-ASSET-URI \(uri) is not a URL; it is not played"])
            }
            return ResolvedBreaks(breaks: [adBreak(opportunity, interstitial, assets: [(url, duration)], skipControl: interstitial.skipControl)])
        case nil:
            return ResolvedBreaks(breaks: [], issues: [
                "interstitial \(opportunity.id): no usable X-ASSET-URI or X-ASSET-LIST; it is not played",
            ])
        }
    }

    public func resolve(_ opportunity: AdOpportunity) async throws -> ResolvedBreaks {
        if let known = resolveAtOnce(opportunity) { return known }
        guard case .interstitial(let interstitial, let playlistURL) = opportunity.signal, case .list(let list) = interstitial.asset else {
            return ResolvedBreaks(breaks: [], issues: ["not an interstitial"])
        }
        guard let listURI = assetURI(list, relativeTo: playlistURL, joinOffset: opportunity.joinOffset), let listURL = URL(string: listURI) else {
            return ResolvedBreaks(breaks: [], issues: ["interstitial \(opportunity.id): X-ASSET-LIST \(list) is not a URL; it is cancelled"])
        }
        let assets: InterstitialAssetList
        do {
            if let cached = await lists.list(for: opportunity.id, interstitial: interstitial, url: listURL) {
                assets = cached
            } else {
                assets = try InterstitialAssetList(json: try await client.get(listURL))
                await lists.keep(assets, for: opportunity.id, interstitial: interstitial, url: listURL)
            }
        } catch let error as TransportError {
            return ResolvedBreaks(breaks: [], issues: ["interstitial \(opportunity.id): its asset list failed (\(error)); it is cancelled"])
        } catch let error as InterstitialAssetListError {
            return ResolvedBreaks(breaks: [], issues: ["interstitial \(opportunity.id): its asset list \(listURL.absoluteString) is not usable: \(error); it is cancelled"])
        }
        try Task.checkCancellation()
        var issues: [String] = []
        var urls: [(String, MediaDuration)] = []
        for (index, asset) in assets.assets.enumerated() {
            guard let url = assetURI(asset.uri, relativeTo: listURI) else {
                issues.append("interstitial \(opportunity.id): asset \(index + 1), \(asset.uri), is not a URL; it is skipped")
                continue
            }
            urls.append((url, asset.duration))
        }
        guard !urls.isEmpty else {
            // Nothing to play: primary resumes at the resume offset (0 unless given).
            guard let offset = interstitial.resumeOffset, offset > .zero, opportunity.position != .postroll else {
                issues.append("interstitial \(opportunity.id): its asset list has no assets to play; primary playback goes on")
                return ResolvedBreaks(breaks: [], issues: issues)
            }
            issues.append("interstitial \(opportunity.id): its asset list has no assets to play; primary playback resumes \(offset.decimalSeconds) s on")
            return ResolvedBreaks(breaks: [adBreak(opportunity, interstitial, assets: [], skipControl: nil)], issues: issues)
        }
        // The list's SKIP-CONTROL overrides the tag's.
        let skipControl = assets.skipControl ?? interstitial.skipControl
        return ResolvedBreaks(breaks: [adBreak(opportunity, interstitial, assets: urls, skipControl: skipControl)], issues: issues)
    }

    /// The break: one inserted ad per asset, cut to the playout limit, with
    /// the skip control offered.
    private func adBreak(
        _ opportunity: AdOpportunity, _ interstitial: Interstitial, assets: [(String, MediaDuration)], skipControl: Interstitial.SkipControl?
    ) -> AdBreak {
        var ads: [Ad] = []
        var start = MediaDuration.zero
        for (url, duration) in assets where interstitial.playoutLimit.map({ start < $0 }) ?? true {
            let played = interstitial.playoutLimit.map { min(duration, $0 - start) } ?? duration
            ads.append(Ad(id: Ad.id(inBreak: opportunity.id, number: ads.count + 1), duration: played, primaryAsset: AdAsset(role: .primary, uri: url)))
            start += played
        }
        // Resume offset 0 adds the break's time; none replaces what it covers; any other resumes that far on.
        // A post-roll covers nothing: no content follows it.
        let offset = opportunity.position == .postroll ? .zero : interstitial.resumeOffset
        var adBreak = AdBreak(id: opportunity.id, position: opportunity.breakPosition, ads: ads, insertion: .inserted,
                              occupancy: offset == .zero ? .addsStreamTime : .replacesContent, resumeOffset: offset == .zero ? nil : offset)
        adBreak.restrictions = Self.restrictions(of: interstitial)
        adBreak.skipControl = skipControl.map { BreakSkipControl(offset: $0.offset, duration: $0.duration, labelID: $0.labelID) }
        return adBreak
    }

    /// What the interstitial's X-RESTRICT and CUE require of playback.
    static func restrictions(of interstitial: Interstitial) -> BreakRestrictions {
        var restrictions: BreakRestrictions = []
        if interstitial.restrictions.contains(.skip) { restrictions.insert(.noSkip) }
        if interstitial.restrictions.contains(.jump) { restrictions.insert(.noJumpOver) }
        if interstitial.cue.contains(.once) { restrictions.insert(.once) }
        if interstitial.cue.contains(.pre) { restrictions.insert(.beforeStart) }
        return restrictions
    }

    /// `uri` made absolute against `base`, with `_HLS_primary_id` set, and
    /// `_HLS_start_offset` when playback joins the interstitial `joinOffset` in;
    /// nil when it is not a URL.
    private func assetURI(_ uri: String, relativeTo base: String?, joinOffset: MediaDuration? = nil) -> String? {
        // The usual URI, plain absolute HTTP with no query or fragment, is
        // already what a URL parse would give back: the query is added as
        // text, with no parse, resolution or rebuild.
        if Self.isPlainHTTP(uri) {
            let query = joinOffset.map { primaryQuery + "&_HLS_start_offset=" + $0.decimalSeconds } ?? primaryQuery
            return Self.joined(uri, UInt8(ascii: "?"), query)
        }
        guard let url = URL(string: uri, relativeTo: base.flatMap(URL.init(string:)))?.absoluteURL,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        guard components.scheme != "data" else { return url.absoluteString }
        var items = (components.queryItems ?? []).filter { $0.name != "_HLS_primary_id" && $0.name != "_HLS_start_offset" }
        items.append(URLQueryItem(name: "_HLS_primary_id", value: primaryID))
        if let joinOffset { items.append(URLQueryItem(name: "_HLS_start_offset", value: joinOffset.decimalSeconds)) }
        components.queryItems = items
        return components.url?.absoluteString
    }

    /// `head`, `separator` and `tail`, written once into a string of their
    /// length: no appending, which grows a string step by step.
    private static func joined(_ head: String, _ separator: UInt8, _ tail: String) -> String {
        var head = head
        var tail = tail
        return head.withUTF8 { head in
            tail.withUTF8 { tail in
                let count = head.count + 1 + tail.count
                return String(unsafeUninitializedCapacity: count) { buffer in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[..<head.count]).initialize(from: head)
                    buffer[head.count] = separator
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + 1)...]).initialize(from: tail)
                    return count
                }
            }
        }
    }

    /// Whether `uri` is `http://` or `https://`, a host of letters, digits,
    /// dots and hyphens with an optional numeric port, and a path of
    /// unreserved characters, sub-delimiters, `:`, `@`, `/` and
    /// percent-escapes: no query, no fragment, nothing a URL parse would
    /// change or refuse.
    static func isPlainHTTP(_ uri: String) -> Bool {
        var uri = uri
        // Over the bytes: the same walk over a String's views ran some 5,000
        // instructions for a 50-byte URI.
        return uri.withUTF8 { bytes in
            // The scheme, told by two words, not a generic prefix match.
            guard bytes.count >= 8, let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let first = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let next = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let scheme: Int
            if first == Self.http, next == Self.secureSeparator {
                scheme = 8
            } else if first == Self.http, next & 0x00FF_FFFF == Self.separator {
                scheme = 7
            } else {
                return false
            }
            let hostEnd = bytes[scheme...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            var host = bytes[scheme..<hostEnd]
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                let port = host[(colon + 1)...]
                guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
                host = host[..<colon]
            }
            guard !host.isEmpty, host.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else { return false }
            var index = hostEnd
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "%") {
                    guard index + 2 <= bytes.endIndex, isHexDigit(bytes[index]), isHexDigit(bytes[index + 1]) else { return false }
                    index += 2
                    continue
                }
                guard isAlphanumeric(byte) || isPathPunctuation(byte) else { return false }
            }
            return true
        }
    }

    /// `http`, `s://` and `://`, as little-endian words (the last one's fourth byte left out).
    private static let http: UInt32 = 0x7074_7468
    private static let secureSeparator: UInt32 = 0x2F2F_3A73
    private static let separator: UInt32 = 0x002F_2F3A

    /// Unreserved and sub-delimiter punctuation, `:`, `@` and `/` (RFC 3986
    /// §3.3): `-._~!$&'()*+,;=:@/`. Bit n of the first word is byte n, of the
    /// second byte 64 + n.
    private static func isPathPunctuation(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x2C00_FFD2_0000_0000
        let high: UInt64 = 0x4000_0000_8000_0001
        guard byte < 128 else { return false }
        return (byte < 64 ? low : high) >> UInt64(byte & 63) & 1 == 1
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}

/// The asset lists an interstitial resolver fetched, by interstitial id,
/// each with the tag it was fetched for: a changed tag misses. It keeps the
/// latest ``limit`` interstitials.
actor AssetListCache {
    private struct Entry {
        var interstitial: Interstitial
        var url: URL
        var list: InterstitialAssetList
    }

    /// How many interstitials' lists are kept.
    static let limit = 64
    private var entries: [String: Entry] = [:]
    private var order: [String] = []

    func list(for id: String, interstitial: Interstitial, url: URL) -> InterstitialAssetList? {
        guard let entry = entries[id], entry.interstitial == interstitial, entry.url == url else { return nil }
        return entry.list
    }

    func keep(_ list: InterstitialAssetList, for id: String, interstitial: Interstitial, url: URL) {
        if entries.updateValue(Entry(interstitial: interstitial, url: url, list: list), forKey: id) == nil { order.append(id) }
        while order.count > Self.limit { entries.removeValue(forKey: order.removeFirst()) }
    }
}
