public import SCTE35

/// What a programme's delivery restrictions assert (SCTE 35 §10.3.3.1,
/// Table 21), whatever carried them: a segmentation descriptor, or an
/// app's own signal.
public struct DeliveryRestrictions: Sendable, Hashable {
    /// Whether internet delivery is allowed (`web_delivery_allowed_flag`).
    public var webDeliveryAllowed: Bool
    /// Whether no regional blackout applies (`no_regional_blackout_flag`).
    public var noRegionalBlackout: Bool
    /// Whether recording is allowed (`archive_allowed_flag`).
    public var archiveAllowed: Bool
    /// The one restricted device group, 0, 1 or 2; nil when none is (`device_restrictions` 3).
    public var restrictedGroup: UInt8?

    /// Restrictions; by default none is asserted.
    public init(webDeliveryAllowed: Bool = true, noRegionalBlackout: Bool = true, archiveAllowed: Bool = true,
                restrictedGroup: UInt8? = nil) {
        self.webDeliveryAllowed = webDeliveryAllowed
        self.noRegionalBlackout = noRegionalBlackout
        self.archiveAllowed = archiveAllowed
        self.restrictedGroup = restrictedGroup
    }

    /// The restrictions a segmentation descriptor carries.
    public init(_ restrictions: SegmentationDescriptor.DeliveryRestrictions) {
        self.init(
            webDeliveryAllowed: restrictions.webDeliveryAllowed, noRegionalBlackout: restrictions.noRegionalBlackout,
            archiveAllowed: restrictions.archiveAllowed,
            restrictedGroup: restrictions.deviceRestrictions == .none ? nil : restrictions.deviceRestrictions.rawValue)
    }
}
