/// `segmentation_descriptor()` (SCTE 35 §10.3.3, Table 20).
///
/// ```
/// segmentation_event_id 32
/// segmentation_event_cancel_indicator 1
/// segmentation_event_id_compliance_indicator 1   (reserved in 2020, 1)
/// reserved 6
/// if (segmentation_event_cancel_indicator == 0) {
///   program_segmentation_flag 1; segmentation_duration_flag 1; delivery_not_restricted_flag 1
///   if (delivery_not_restricted_flag == 0) { web_delivery_allowed_flag 1; no_regional_blackout_flag 1;
///                                           archive_allowed_flag 1; device_restrictions 2 }
///   else reserved 5
///   if (program_segmentation_flag == 0) { component_count 8; for each { component_tag 8; reserved 7; pts_offset 33 } }
///   if (segmentation_duration_flag == 1) segmentation_duration 40
///   segmentation_upid_type 8; segmentation_upid_length 8; segmentation_upid()
///   segmentation_type_id 8; segment_num 8; segments_expected 8
///   [sub_segment_num 8; sub_segments_expected 8]   when descriptor_length leaves room
/// }
/// ```
public struct SegmentationDescriptor: Sendable, Hashable {
    /// `segmentation_event_id`.
    public var segmentationEventID: UInt32
    /// `segmentation_event_id_compliance_indicator` (SCTE 35 2022; a reserved 1 before it).
    public var eventIDComplianceIndicator = true
    /// The 6 reserved bits after it, as read.
    public var reserved: UInt8 = 0x3F
    /// The segmentation, or nil when `segmentation_event_cancel_indicator` is 1.
    public var segmentation: Segmentation?

    /// Creates a descriptor; `segmentation` nil cancels the event.
    public init(segmentationEventID: UInt32, segmentation: Segmentation?) {
        self.segmentationEventID = segmentationEventID
        self.segmentation = segmentation
    }

    /// The fields of a segmentation event that is not cancelled.
    public struct Segmentation: Sendable, Hashable {
        /// Delivery restrictions, or nil when `delivery_not_restricted_flag` is 1.
        public var deliveryRestrictions: DeliveryRestrictions?
        /// The 5 reserved bits that replace the restrictions when there are
        /// none, as read.
        public var unrestrictedReserved: UInt8 = 0x1F
        /// Components, or nil in Program Segmentation Mode
        /// (`program_segmentation_flag` = 1).
        public var components: [Component]?
        /// `segmentation_duration` in 90 kHz ticks (40 bits), when flagged.
        public var segmentationDuration: PTS?
        /// `segmentation_upid_type` and `segmentation_upid()`.
        public var upid: SegmentationUPID
        /// `segmentation_type_id` (Table 23); see ``SegmentationType``.
        public var segmentationTypeID: UInt8
        /// `segment_num`.
        public var segmentNum: UInt8
        /// `segments_expected`.
        public var segmentsExpected: UInt8
        /// `sub_segment_num` and `sub_segments_expected`, when present.
        public var subSegment: SubSegment?

        /// Creates the segmentation fields.
        public init(
            deliveryRestrictions: DeliveryRestrictions? = nil, components: [Component]? = nil,
            segmentationDuration: PTS? = nil, upid: SegmentationUPID = SegmentationUPID(type: 0, bytes: []),
            segmentationTypeID: UInt8, segmentNum: UInt8 = 0, segmentsExpected: UInt8 = 0, subSegment: SubSegment? = nil
        ) {
            self.deliveryRestrictions = deliveryRestrictions
            self.components = components
            self.segmentationDuration = segmentationDuration
            self.upid = upid
            self.segmentationTypeID = segmentationTypeID
            self.segmentNum = segmentNum
            self.segmentsExpected = segmentsExpected
            self.subSegment = subSegment
        }

        /// The Table 23 name of ``segmentationTypeID``, e.g. "Provider Placement Opportunity Start".
        public var segmentationTypeName: String? { SegmentationType.name(of: segmentationTypeID) }
    }

    /// The delivery-restriction flags (§10.3.3.9).
    public struct DeliveryRestrictions: Sendable, Hashable {
        /// `web_delivery_allowed_flag`.
        public var webDeliveryAllowed: Bool
        /// `no_regional_blackout_flag`: false means a regional blackout applies.
        public var noRegionalBlackout: Bool
        /// `archive_allowed_flag`.
        public var archiveAllowed: Bool
        /// `device_restrictions` (Table 21).
        public var deviceRestrictions: DeviceRestrictions

        /// Creates restrictions.
        public init(webDeliveryAllowed: Bool, noRegionalBlackout: Bool, archiveAllowed: Bool, deviceRestrictions: DeviceRestrictions) {
            self.webDeliveryAllowed = webDeliveryAllowed
            self.noRegionalBlackout = noRegionalBlackout
            self.archiveAllowed = archiveAllowed
            self.deviceRestrictions = deviceRestrictions
        }
    }

    /// `device_restrictions` (Table 21).
    public enum DeviceRestrictions: UInt8, Sendable, Hashable, CaseIterable {
        /// Restrict Group 0 (`00`).
        case restrictGroup0 = 0
        /// Restrict Group 1 (`01`).
        case restrictGroup1 = 1
        /// Restrict Group 2 (`10`).
        case restrictGroup2 = 2
        /// None (`11`).
        case none = 3

        /// The Table 21 name.
        public var name: String {
            switch self {
            case .restrictGroup0: "Restrict Group 0"
            case .restrictGroup1: "Restrict Group 1"
            case .restrictGroup2: "Restrict Group 2"
            case .none: "None"
            }
        }
    }

    /// One component in Component Segmentation Mode.
    public struct Component: Sendable, Hashable {
        /// `component_tag`.
        public var componentTag: UInt8
        /// The 7 reserved bits before `pts_offset`, as read.
        public var reserved: UInt8 = 0x7F
        /// `pts_offset`, added to the adjusted `pts_time`.
        public var ptsOffset: PTS

        /// Creates a component.
        public init(componentTag: UInt8, ptsOffset: PTS, reserved: UInt8 = 0x7F) {
            self.componentTag = componentTag
            self.ptsOffset = ptsOffset
            self.reserved = reserved
        }
    }

    /// `sub_segment_num` and `sub_segments_expected`.
    public struct SubSegment: Sendable, Hashable {
        /// `sub_segment_num`.
        public var subSegmentNum: UInt8
        /// `sub_segments_expected`.
        public var subSegmentsExpected: UInt8

        /// Creates the pair.
        public init(subSegmentNum: UInt8, subSegmentsExpected: UInt8) {
            self.subSegmentNum = subSegmentNum
            self.subSegmentsExpected = subSegmentsExpected
        }
    }
}
