/// What this device is, for delivery restrictions: how it receives the
/// stream, whether it is inside the blacked-out region, and its device
/// group. The app sets it; blackouts follow from it and the signals.
///
/// ```swift
/// let policy = DevicePolicy(delivery: .web, region: .inside, group: nil)
/// policy.verdict(for: DeliveryRestrictions(webDeliveryAllowed: false)).isRestricted  // true
/// ```
public struct DevicePolicy: Sendable, Hashable {
    /// How the device receives the stream.
    public enum Delivery: String, Sendable, Hashable, CaseIterable {
        /// Any internet delivery (the default): web restrictions apply.
        case web
        /// An operator's own managed (IPTV) network: web restrictions do not apply.
        case managed
    }

    /// Where the device is, against the region a regional blackout covers.
    public enum Region: String, Sendable, Hashable, CaseIterable {
        /// Inside the blacked-out region (the default, the safe assumption).
        case inside = "in"
        /// Outside it.
        case outside = "out"
    }

    /// How the device receives the stream.
    public var delivery: Delivery
    /// Where the device is.
    public var region: Region
    /// The device's group, 0, 1 or 2, or nil when it is in none.
    public var group: UInt8?

    /// A device policy; by default a web device inside the region, in no group.
    public init(delivery: Delivery = .web, region: Region = .inside, group: UInt8? = nil) {
        self.delivery = delivery
        self.region = region
        self.group = group
    }

    /// Whether `restrictions` restrict this device, and why (or why not).
    /// No restrictions (`delivery_not_restricted_flag` set) restrict nothing.
    public func verdict(for restrictions: DeliveryRestrictions?) -> RestrictionVerdict {
        guard let restrictions else { return RestrictionVerdict(reasons: [], notes: ["delivery is not restricted"]) }
        var reasons: [RestrictionVerdict.Reason] = []
        var notes: [String] = []
        if !restrictions.webDeliveryAllowed {
            if delivery == .web { reasons.append(.webDelivery) } else { notes.append("web delivery is restricted; this device is managed") }
        }
        if !restrictions.noRegionalBlackout {
            if region == .inside { reasons.append(.regionalBlackout) } else { notes.append("a regional blackout; this device is out of region") }
        }
        if let restricted = restrictions.restrictedGroup {
            if group == restricted {
                reasons.append(.deviceGroup(restricted))
            } else {
                notes.append("device group \(restricted) is restricted; this device is in " + (group.map { "group \($0)" } ?? "no group"))
            }
        }
        if reasons.isEmpty, notes.isEmpty { notes.append("no restriction is asserted") }
        return RestrictionVerdict(reasons: reasons, notes: notes)
    }
}

/// Whether delivery restrictions restrict a device, with the reasons.
public struct RestrictionVerdict: Sendable, Hashable, CustomStringConvertible {
    /// Why a device is restricted.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// `web_delivery_allowed_flag` is 0 and the device is a web device.
        case webDelivery
        /// `no_regional_blackout_flag` is 0 and the device is in region.
        case regionalBlackout
        /// `device_restrictions` names the device's group.
        case deviceGroup(UInt8)
        /// Network End: the network is off the air, whatever the flags.
        case networkOff
        /// The app's own rule over a tag it subscribed to (the tag's name).
        case appRule(String)

        public var description: String {
            switch self {
            case .webDelivery: "web delivery is not allowed"
            case .regionalBlackout: "a regional blackout, and this device is in region"
            case .deviceGroup(let group): "device group \(group) is restricted"
            case .networkOff: "the network is off the air"
            case .appRule(let tag): "the app's rule over \(tag)"
            }
        }
    }

    /// What restricts the device; empty when nothing does.
    public var reasons: [Reason]
    /// Restrictions that were asserted but do not apply to this device, or that none was.
    public var notes: [String]

    /// Creates a verdict.
    public init(reasons: [Reason], notes: [String] = []) {
        self.reasons = reasons
        self.notes = notes
    }

    /// Whether the device is restricted.
    public var isRestricted: Bool { !reasons.isEmpty }

    public var description: String {
        let parts = reasons.map(\.description) + notes
        return (isRestricted ? "restricted: " : "not restricted: ") + parts.joined(separator: "; ")
    }
}
